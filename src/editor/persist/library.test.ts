import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIBRARY_LIMIT, type SavedBox } from '../model/library';
import { groupedLayer } from '../model/libraryTesting';
import { createEditorStore } from '../store/createEditorStore';
import { LIBRARY_KEY, newerLibraryVersion, readLibrary, writeLibrary } from './library';
import { memoryStorage } from './testStorage';
import { keepLibrary } from './useLibrary';

const saved = (): readonly SavedBox[] => groupedLayer().s().library;

const refusing = (name: string): Pick<Storage, 'setItem'> => ({
  setItem: () => {
    throw new DOMException('refused', name);
  },
});

afterEach(() => vi.unstubAllGlobals());

describe('My boxes in localStorage', () => {
  it('never overwrites a library a newer Lensboard stored, and says so once', () => {
    const storage = memoryStorage();
    const newer = JSON.stringify({ version: 2, boxes: [{ future: true }] });
    storage.setItem(LIBRARY_KEY, newer);
    expect(newerLibraryVersion(storage)).toBe(2);
    const store = createEditorStore();
    const notify = vi.spyOn(store.getState(), 'notify');
    const stop = keepLibrary(store, storage, new EventTarget());
    expect(store.getState().library).toEqual([]);
    const s = () => store.getState();
    const lin = s().addBox('linear', { x: 0, y: 0 }, { in: 2, out: 2 });
    s().select([lin]);
    s().groupSelection('one');
    s().select([s().addBox('tanh', { x: 200, y: 0 })]);
    s().groupSelection('two');
    expect(s().library.length).toBe(2);
    expect(storage.getItem(LIBRARY_KEY)).toBe(newer);
    expect(notify).toHaveBeenCalledTimes(1);
    expect(String(notify.mock.calls[0][0])).toContain('newer Lensboard');
    stop();
  });

  it('reads no newer version from a library of this format, a damaged one or none', () => {
    const storage = memoryStorage();
    expect(newerLibraryVersion(storage)).toBeNull();
    writeLibrary(saved(), storage);
    expect(newerLibraryVersion(storage)).toBeNull();
    storage.setItem(LIBRARY_KEY, '{not json');
    expect(newerLibraryVersion(storage)).toBeNull();
  });

  it('round-trips and drops a damaged entry without losing the others', () => {
    const library = saved();
    const storage = memoryStorage();
    const bad = { key: '<b>', name: '', fragment: {} } as unknown as SavedBox;
    expect(writeLibrary([...library, bad], storage)).toBeNull();
    expect(readLibrary(storage)).toEqual(library);
    storage.setItem(LIBRARY_KEY, '{not json');
    expect(readLibrary(storage)).toEqual([]);
  });

  it('reads version 1 as written before renaming and removing existed', () => {
    const library = saved();
    const storage = memoryStorage();
    const { key, name, fragment } = library[0];
    storage.setItem(LIBRARY_KEY, JSON.stringify({ version: 1, boxes: [{ key, name, fragment }] }));
    expect(readLibrary(storage)).toEqual(library);
    writeLibrary(library, storage);
    expect(JSON.parse(storage.getItem(LIBRARY_KEY) ?? '')).toEqual({ version: 1, boxes: library });
  });

  it('keeps the newest boxes of a list longer than the limit, rather than none', () => {
    const [box] = saved();
    const storage = memoryStorage();
    const boxes = Array.from({ length: LIBRARY_LIMIT + 5 }, (_, i) => ({ ...box, key: `my-${i}` }));
    storage.setItem(LIBRARY_KEY, JSON.stringify({ version: 1, boxes }));
    const read = readLibrary(storage);
    expect(read).toHaveLength(LIBRARY_LIMIT);
    expect(read[0].key).toBe('my-5');
  });

  it('says why storage refused a write', () => {
    const library = saved();
    expect(writeLibrary(library, refusing('QuotaExceededError'))).toBe('its storage is full');
    expect(writeLibrary(library, refusing('SecurityError'))).toBe('its storage is turned off');
  });

  it('survives a browser where merely touching localStorage throws', () => {
    vi.stubGlobal('window', {
      get localStorage(): Storage {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(readLibrary()).toEqual([]);
    expect(writeLibrary(saved())).toBe('its storage is turned off');
  });
});

describe('keeping the library (useLibrary)', () => {
  it('writes each change; a refused write keeps the list as the user made it and says why', () => {
    const library = saved();
    const store = createEditorStore();
    const storage = memoryStorage();
    writeLibrary(library, storage);
    const stop = keepLibrary(store, storage, new EventTarget());
    expect(store.getState().library).toEqual(library);
    store.getState().setView({ library: [] });
    expect(readLibrary(storage)).toEqual([]);
    store.getState().setView({ library });
    expect(readLibrary(storage)).toEqual(library);

    storage.setItem = refusing('QuotaExceededError').setItem;
    store.getState().setView({ library: [] });
    expect(store.getState().library).toEqual([]);
    expect(store.getState().notice).toMatchObject({ tone: 'error' });
    expect(store.getState().notice?.text).toMatch(/could not be saved in this browser \(its storage is full\)/);
    stop();
  });

  it('follows another tab, also when it clears the storage', () => {
    const library = saved();
    const store = createEditorStore();
    const storage = memoryStorage();
    const events = new EventTarget();
    const stop = keepLibrary(store, storage, events);
    const otherTab = (key: string | null) => events.dispatchEvent(Object.assign(new Event('storage'), { key }));
    writeLibrary(library, storage);
    otherTab('unrelated');
    expect(store.getState().library).toEqual([]);
    otherTab(LIBRARY_KEY);
    expect(store.getState().library).toEqual(library);
    storage.setItem(LIBRARY_KEY, 'null');
    otherTab(null);
    expect(store.getState().library).toEqual([]);
    stop();
    writeLibrary(library, storage);
    otherTab(LIBRARY_KEY);
    expect(store.getState().library).toEqual([]);
  });
});

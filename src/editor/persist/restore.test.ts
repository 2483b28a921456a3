import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../../io/document';
import { emptyDocument } from '../model/emptyDocument';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { hasUnsavedWork } from '../store/unsaved';
import { createAutosaver } from './autosaver';
import { isFirstVisit, markVisited } from './firstVisit';
import type { Restored } from './idb';
import { PENDING_KEY, type Pending, readPending, writePending } from './pending';
import { applyRestored, chooseRestored, describeRefused, readSaved, showFirstExample } from './restore';
import { fakeSave, memoryAside, memoryStorage, settle } from './testStorage';

const stored = (doc: LensDocument, revision: number, unexported = true): Restored => ({
  kind: 'ok',
  doc,
  unexported,
  revision,
});
const pending = (doc: LensDocument, revision: number, unexported = true): Pending => ({
  kind: 'ok',
  doc,
  unexported,
  revision,
});

/** A page that edits the example and is left before its IndexedDB save lands. */
function leavePageAfterEdit(storage = memoryStorage(), exported = false) {
  const store = createEditorStore({ doc: xorExample() });
  const { calls, save } = fakeSave();
  const autosaver = createAutosaver(store, { save, storage });
  store.getState().addBox('tanh', { x: 300, y: 200 });
  if (exported) store.getState().setView({ exportedDoc: store.getState().doc });
  autosaver.flush();
  return { doc: store.getState().doc, revision: calls[0].revision, storage };
}

describe('choosing the copy to restore', () => {
  it('takes the newer readable copy; on a tie, IndexedDB', () => {
    const a = xorExample();
    const b = emptyDocument();
    expect(chooseRestored(stored(a, 5), pending(b, 6)).pick).toMatchObject({ doc: b, from: 'pending' });
    expect(chooseRestored(stored(a, 6), pending(b, 6)).pick).toMatchObject({ doc: a, from: 'idb' });
    expect(chooseRestored(stored(a, 7), pending(b, 6)).pick).toMatchObject({ doc: a, from: 'idb' });
    expect(chooseRestored({ kind: 'none' }, pending(b, 1)).pick).toMatchObject({ doc: b, from: 'pending' });
    expect(chooseRestored(stored(a, 0), { kind: 'none' })).toEqual({
      pick: { doc: a, unexported: true, from: 'idb' },
      refused: [],
      revision: 0,
    });
    expect(chooseRestored({ kind: 'none' }, { kind: 'none' }).pick).toBeNull();
  });

  it('refuses a damaged copy whole and names it; the other copy opens', () => {
    const a = xorExample();
    const bad = { kind: 'bad', reason: 'boxes: expected array' } as const;
    const fromIdb = chooseRestored(stored(a, 3), bad);
    expect(fromIdb.pick?.from).toBe('idb');
    expect(describeRefused(fromIdb)).toBe(
      'The last edit, kept as the page closed, could not be read (boxes: expected array); the autosave is open instead.',
    );
    const fromPending = chooseRestored(bad, pending(a, 3));
    expect(fromPending.pick?.from).toBe('pending');
    expect(describeRefused(fromPending)).toMatch(/^The autosave could not be read \(boxes: expected array\)/);
    expect(describeRefused(chooseRestored(bad, { kind: 'none' }))).toBe(
      'The saved diagram could not be read (boxes: expected array); the XOR example is open instead.',
    );
  });
});

describe('restoring after the page was left', () => {
  it('an edit IndexedDB never received comes back, still unsaved, and then reaches IndexedDB', async () => {
    const left = leavePageAfterEdit();
    const store = createEditorStore();
    const choice = await readSaved({
      load: async () => stored(xorExample(), left.revision - 1),
      storage: left.storage,
    });
    applyRestored(store, choice, left.storage);
    expect(store.getState().doc).toEqual(left.doc);
    expect(hasUnsavedWork(store.getState())).toBe(true);
    expect(store.getState().savedDoc).toBeNull();
    expect(store.temporal.getState().pastStates).toHaveLength(0);
    expect(readPending(left.storage).kind).toBe('ok');

    const { calls, save } = fakeSave();
    createAutosaver(store, { save, storage: left.storage }).flush();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ doc: left.doc, unexported: true });
    expect(calls[0].revision).toBeGreaterThan(left.revision);
    calls[0].resolve();
    await settle();
    expect(readPending(left.storage)).toEqual({ kind: 'none' });
    expect(store.getState().savedDoc).toBe(store.getState().doc);
  });

  it('a document exported just before leaving comes back as saved', async () => {
    const left = leavePageAfterEdit(memoryStorage(), true);
    const store = createEditorStore();
    applyRestored(
      store,
      await readSaved({ load: async () => ({ kind: 'none' }), storage: left.storage }),
      left.storage,
    );
    expect(store.getState().doc).toEqual(left.doc);
    expect(hasUnsavedWork(store.getState())).toBe(false);
  });

  it('a stale pending record gives way to a newer IndexedDB copy and is removed', async () => {
    const left = leavePageAfterEdit();
    const store = createEditorStore();
    const newer = emptyDocument('newer');
    const choice = await readSaved({
      load: async () => stored(newer, left.revision + 1, false),
      storage: left.storage,
    });
    applyRestored(store, choice, left.storage);
    expect(store.getState().doc).toEqual(newer);
    expect(store.getState().savedDoc).toBe(store.getState().doc);
    expect(store.getState().notice).toBeNull();
    expect(left.storage.map.size).toBe(0);
  });

  it('a damaged pending record is refused with a notice and kept aside as it was; the IndexedDB copy opens', async () => {
    const storage = memoryStorage();
    const text = JSON.stringify({ version: 1, revision: 1e15, unexported: true, doc: { boxes: 3 } });
    storage.setItem(PENDING_KEY, text);
    const store = createEditorStore();
    const doc = xorExample();
    const aside = memoryAside();
    applyRestored(store, await readSaved({ load: async () => stored(doc, 2, false), storage, ...aside }), storage);
    expect(store.getState().doc).toEqual(doc);
    expect(hasUnsavedWork(store.getState())).toBe(false);
    expect(store.getState().notice).toMatchObject({ tone: 'error', text: expect.stringMatching(/could not be read/) });
    expect(aside.records).toEqual([
      {
        key: 'unreadable-1800000000000-pending',
        copy: 'pending',
        reason: expect.any(String),
        keptAt: 1_800_000_000_000,
        raw: text,
      },
    ]);
    expect(store.getState().unreadable).toEqual(aside.records);
    expect(storage.map.size).toBe(0);
  });

  it('leaves an unreadable pending record where it is when it cannot be kept aside', async () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_KEY, 'not json');
    const store = createEditorStore();
    const keep = () => Promise.reject(new Error('IndexedDB would not open'));
    applyRestored(store, await readSaved({ load: async () => ({ kind: 'none' }), storage, keep }), storage);
    expect(storage.map.get(PENDING_KEY)).toBe('not json');
  });

  it('keeps an autosave from a newer version aside, untouched, and lists it on every start', async () => {
    const newer = {
      ...xorExample(),
      version: 99,
      boxes: [{ id: 'q', generator: 'quantum', position: { x: 0, y: 0 } }],
    };
    const aside = memoryAside();
    const load = async (): Promise<Restored> => ({ kind: 'bad', reason: 'version 99 is newer', raw: newer });
    const store = createEditorStore();
    applyRestored(store, await readSaved({ load, storage: memoryStorage(), ...aside }));
    expect(store.getState().doc.name).toBe('XOR');
    expect(aside.records).toMatchObject([{ copy: 'idb', reason: 'version 99 is newer', raw: newer }]);
    const next = createEditorStore();
    applyRestored(
      next,
      await readSaved({ load: async () => stored(xorExample(), 3), storage: memoryStorage(), ...aside }),
    );
    expect(next.getState().unreadable.map((r) => r.raw)).toEqual([newer]);
  });

  it('with nothing readable, the XOR example opens fresh, and a failed read is named', async () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_KEY, 'not json');
    const store = createEditorStore();
    const load = async (): Promise<Restored> => {
      throw new Error('IndexedDB would not open');
    };
    applyRestored(store, await readSaved({ load, storage, ...memoryAside() }), storage);
    expect(store.getState().doc.boxes.length).toBeGreaterThan(0);
    expect(hasUnsavedWork(store.getState())).toBe(false);
    expect(store.getState().notice?.text).toBe(
      'The saved diagram could not be read (IndexedDB would not open; not valid JSON); the XOR example is open instead.',
    );
    const quiet = createEditorStore();
    applyRestored(quiet, await readSaved({ load: async () => ({ kind: 'none' }), storage }), storage);
    expect(quiet.getState().notice).toBeNull();
  });

  it('a first visit draws the example before IndexedDB answers; nothing stored leaves it, edits and all', async () => {
    const storage = memoryStorage();
    expect(isFirstVisit(storage)).toBe(true);
    const store = createEditorStore();
    showFirstExample(store);
    const drawn = store.getState().doc;
    expect(drawn.name).toBe('XOR');
    expect(hasUnsavedWork(store.getState())).toBe(false);
    store.getState().moveNodes(new Map([['x', { x: 5, y: 5 }]]));
    const edited = store.getState().doc;
    applyRestored(store, await readSaved({ load: async () => ({ kind: 'none' }), storage }), storage, true);
    expect(store.getState().doc).toBe(edited);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    markVisited(storage);
    expect(isFirstVisit(storage)).toBe(false);
  });

  it('a diagram stored without the visit mark (localStorage cleared alone) replaces the example drawn first', async () => {
    const storage = memoryStorage();
    const store = createEditorStore();
    showFirstExample(store);
    const mine = { ...xorExample(), name: 'mine' };
    applyRestored(store, await readSaved({ load: async () => stored(mine, 3), storage }), storage, true);
    expect(store.getState().doc.name).toBe('mine');
    // a pending record says the page was here before, as the mark does
    const left = memoryStorage();
    writePending(mine, true, 4, left);
    expect(isFirstVisit(left)).toBe(false);
  });

  it('keeps revisions growing past what it found, so the next save is the newest', async () => {
    const storage = memoryStorage();
    const far = 4e15;
    writePending(xorExample(), true, far, storage);
    const store = createEditorStore();
    applyRestored(store, await readSaved({ load: async () => ({ kind: 'none' }), storage }), storage);
    const { calls, save } = fakeSave();
    createAutosaver(store, { save, storage }).flush();
    expect(calls[0].revision).toBeGreaterThan(far);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { AUTOSAVE_DELAY_MS, createAutosaver } from './autosaver';
import { readPending } from './pending';
import { fakeSave, fullStorage, memoryStorage, settle } from './testStorage';

function setup(storage = memoryStorage()) {
  const store = createEditorStore({ doc: xorExample() });
  const { calls, save } = fakeSave();
  const autosaver = createAutosaver(store, { save, storage });
  const edit = (x = 5) => store.getState().moveNodes(new Map([['lin1', { x, y: 5 }]]));
  return { store, calls, autosaver, storage, edit };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('autosave', () => {
  it('saves a moment after a burst of edits, once, and clears the pending record when it lands', async () => {
    const { store, calls, autosaver, storage, edit } = setup();
    autosaver.flush();
    expect(calls).toHaveLength(0);
    edit(1);
    edit(2);
    edit(3);
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(calls).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(calls).toHaveLength(1);
    const doc = store.getState().doc;
    expect(calls[0]).toMatchObject({ doc, unexported: true });
    expect(readPending(storage)).toEqual({ kind: 'ok', doc, unexported: true, revision: calls[0].revision });
    calls[0].resolve();
    await settle();
    expect(readPending(storage)).toEqual({ kind: 'none' });
    expect(store.getState().savedDoc).toBe(doc);
  });

  it('writes the pending record before flush returns, whatever IndexedDB does afterwards', () => {
    const { store, calls, autosaver, storage, edit } = setup();
    edit();
    autosaver.flush();
    expect(readPending(storage)).toMatchObject({ kind: 'ok', doc: store.getState().doc, unexported: true });
    expect(calls).toHaveLength(1);
    autosaver.flush();
    expect(calls).toHaveLength(1);
  });

  it('leaves a newer pending record alone when an older save lands late', async () => {
    const { store, calls, autosaver, storage, edit } = setup();
    edit(1);
    autosaver.flush();
    edit(2);
    autosaver.flush();
    expect(calls[1].revision).toBeGreaterThan(calls[0].revision);
    calls[0].resolve();
    await settle();
    expect(readPending(storage)).toMatchObject({ kind: 'ok', revision: calls[1].revision });
    calls[1].resolve();
    await settle();
    expect(readPending(storage)).toEqual({ kind: 'none' });
    expect(store.getState().savedDoc).toBe(store.getState().doc);
  });

  it('shows a failed save and keeps the pending record; the next flush retries and clears both', async () => {
    const { store, calls, autosaver, storage, edit } = setup();
    edit();
    autosaver.flush();
    calls[0].reject(new Error('disk full'));
    await settle();
    expect(store.getState().saveError).toBe('disk full');
    expect(readPending(storage)).toMatchObject({ kind: 'ok', doc: store.getState().doc });
    autosaver.flush();
    expect(calls).toHaveLength(2);
    calls[1].resolve();
    await settle();
    expect(store.getState().saveError).toBeNull();
    expect(readPending(storage)).toEqual({ kind: 'none' });
  });

  it('never throws: a full localStorage or a save that throws at once still ends in IndexedDB or the banner', async () => {
    const { store, calls, autosaver, edit } = setup(fullStorage());
    edit();
    expect(() => autosaver.flush()).not.toThrow();
    expect(calls).toHaveLength(1);
    const throwing = createAutosaver(store, {
      save: () => {
        throw new Error('IndexedDB is gone');
      },
      storage: fullStorage(),
    });
    edit(9);
    expect(() => throwing.flush()).not.toThrow();
    await settle();
    expect(store.getState().saveError).toBe('IndexedDB is gone');
  });

  it('saves the unexported flag: an export alone is saved, as no longer unsaved', () => {
    const { store, calls, autosaver, storage, edit } = setup();
    edit();
    autosaver.flush();
    expect(calls[0].unexported).toBe(true);
    store.getState().setView({ exportedDoc: store.getState().doc });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ doc: store.getState().doc, unexported: false });
    expect(readPending(storage)).toMatchObject({ unexported: false });
  });

  it('saves at its first flush a document not restored from IndexedDB, and stops after dispose', () => {
    const store = createEditorStore();
    store.getState().setDocument(xorExample(), true);
    const { calls, save } = fakeSave();
    const autosaver = createAutosaver(store, { save, storage: memoryStorage() });
    autosaver.flush();
    expect(calls).toHaveLength(1);
    expect(calls[0].unexported).toBe(false);
    store.getState().addBox('tanh', { x: 0, y: 0 });
    autosaver.dispose();
    expect(calls).toHaveLength(2);
    store.getState().addBox('tanh', { x: 9, y: 0 });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(calls).toHaveLength(2);
  });
});

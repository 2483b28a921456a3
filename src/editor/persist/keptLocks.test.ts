/**
 * A class lock outlives a reload: the drawing it locked opens locked again (the autosave, the
 * same file opened again), a drawing of one's own never does, and the teacher's key forgets it.
 */
import { describe, expect, it } from 'vitest';
import { newClassLock } from '../../io/classLock';
import { loadExample } from '../../io/examples';
import { emptyDocument } from '../model/emptyDocument';
import { createEditorStore } from '../store/createEditorStore';
import { drawingOf, KEPT_LOCKS_KEY, keepLock, keptLockOf, watchKeptLocks } from './keptLocks';
import { fullStorage, memoryStorage } from './testStorage';

describe('kept class locks', () => {
  it('relocks the drawing a link locked when it opens again, as after a reload', async () => {
    const storage = memoryStorage();
    const lock = await newClassLock();
    const linked = loadExample('xor');
    keepLock({ check: lock.check }, linked, storage);
    const reloaded = createEditorStore();
    watchKeptLocks(reloaded, storage);
    reloaded.getState().setDocument(emptyDocument(), true, 'new');
    expect(reloaded.getState().classLock).toBeNull();
    // The class's settings changed, the drawing did not: still the teacher's diagram.
    reloaded
      .getState()
      .setDocument({ ...linked, training: { ...linked.training, epochs: 3 } } as never, false, 'restore');
    expect(reloaded.getState().classLock).toEqual({ check: lock.check });
    expect(await reloaded.getState().unlock()).toBe(false);
  });

  it("forgets the lock once the teacher's key unlocks it", async () => {
    const storage = memoryStorage();
    const lock = await newClassLock();
    const linked = loadExample('xor');
    keepLock(lock, linked, storage);
    const store = createEditorStore();
    watchKeptLocks(store, storage);
    store.getState().setDocument(linked, false, 'restore');
    expect(await store.getState().unlock()).toBe(true);
    expect(JSON.parse(storage.map.get(KEPT_LOCKS_KEY) ?? '')).toEqual([]);
    store.getState().setDocument(linked, false, 'restore');
    expect(store.getState().classLock).toBeNull();
  });

  it('keeps nothing from a damaged record or a storage that refuses, and never throws', () => {
    const storage = memoryStorage();
    const doc = loadExample('xor');
    storage.setItem(KEPT_LOCKS_KEY, JSON.stringify([{ check: 'x', drawing: drawingOf(doc) }, { drawing: 1 }]));
    const store = createEditorStore();
    watchKeptLocks(store, storage);
    store.getState().setDocument(doc, false, 'restore');
    expect(store.getState().classLock).toBeNull();
    storage.setItem(KEPT_LOCKS_KEY, '{not json');
    store.getState().setDocument(doc, false, 'restore');
    expect(store.getState().classLock).toBeNull();
    expect(() => keepLock({ check: null }, doc, fullStorage())).not.toThrow();
  });

  it('does not fingerprint an opened document when no lock is kept (a big model opens without it)', () => {
    const storage = memoryStorage();
    const xor = loadExample('xor');
    // A drawing JSON cannot write: fingerprinting it would throw.
    const unprintable = { ...xor, boxes: [...xor.boxes, { id: 'x', size: 1n }] } as unknown as typeof xor;
    expect(keptLockOf(unprintable, storage)).toBeNull();
  });
});

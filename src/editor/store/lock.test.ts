/**
 * A class lock: every edit of the drawing, by whatever path (an action, a paste, an undo), is
 * refused with one notice and changes nothing; data and training settings stay editable; only
 * the teacher's key unlocks, and no other link, `setView` or opened document takes the lock off.
 */
import { describe, expect, it } from 'vitest';
import { newClassLock } from '../../io/classLock';
import { loadExample } from '../../io/examples';
import { emptyDocument } from '../model/emptyDocument';
import { createEditorStore } from './createEditorStore';
import { LOCKED_MESSAGE, NO_KEY_MESSAGE } from './lock';

async function lockedStore() {
  const store = createEditorStore({ doc: loadExample('xor') });
  store.getState().moveNodes(new Map([['x', { x: 9, y: 9 }]])); // one step of history to undo
  store.getState().moveNodes(new Map([['x', { x: 19, y: 9 }]]));
  store.getState().undo(); // and one to redo
  const lock = await newClassLock();
  store.getState().lockBoxes({ check: lock.check });
  return { store, lock };
}

describe('a class lock', () => {
  it('refuses every drawing edit, saying so once, and keeps the document and its history', async () => {
    const { store } = await lockedStore();
    const before = store.getState().doc;
    const history = store.temporal.getState();
    const [past, future] = [history.pastStates.length, history.futureStates.length];
    expect([past, future]).toEqual([1, 1]);
    const s = store.getState();
    const [box, next] = [before.boxes[1], before.boxes[2]];
    s.select([box.id]);
    expect(s.addBox('tanh', { x: 0, y: 0 })).toBe('');
    expect(s.connect({ box: box.id, port: 'y' }, { box: next.id, port: 'x' })).toEqual({
      ok: false,
      reason: LOCKED_MESSAGE,
    });
    s.removeItems(
      [box.id],
      before.wires.map((w) => w.id),
    );
    s.moveNodes(new Map([[box.id, { x: 1, y: 1 }]]));
    s.beginGesture();
    s.moveNodes(new Map([[box.id, { x: 2, y: 2 }]]));
    s.endGesture();
    expect(s.setConfig(box.id, 'units', 3)).toMatchObject({ ok: false });
    s.setLabel(box.id, 'renamed');
    expect(s.paste({ boxes: [box], wires: [], groups: [], templates: [] } as never)).toEqual([]);
    expect(s.groupSelection('g')).toBeNull();
    expect(s.placeTemplate('t', { x: 0, y: 0 }, true)).toBeNull();
    expect(s.placeSaved('k', { x: 0, y: 0 })).toBeNull();
    s.undo();
    s.redo();
    expect(store.getState().doc).toBe(before);
    expect(store.temporal.getState().pastStates).toHaveLength(past);
    expect(store.temporal.getState().futureStates).toHaveLength(future);
    expect(store.getState().notice).toMatchObject({ text: LOCKED_MESSAGE, tone: 'error' });
    expect(store.getState().noticeLog.filter((n) => n.text === LOCKED_MESSAGE)).toHaveLength(1);

    // Inspecting and the class's own settings stay theirs.
    s.select([next.id]);
    expect(store.getState().selectedNodes).toEqual([next.id]);
    store.getState().setTraining({ epochs: 7 });
    expect(store.getState().doc.training?.epochs).toBe(7);
  });

  it('unlocks only with the key, which the teacher’s link brings', async () => {
    const { store, lock } = await lockedStore();
    expect(await store.getState().unlock()).toBe(false);
    expect(store.getState().notice?.text).toBe(NO_KEY_MESSAGE);
    store.getState().setView({ classLock: null } as never); // not a way round
    const other = await newClassLock();
    store.getState().lockBoxes(other); // another lock with its own key: refused
    store.getState().lockBoxes({ check: null });
    store.getState().lockBoxes({ check: lock.check, key: other.key }); // a wrong key is kept, but opens nothing
    expect(await store.getState().unlock()).toBe(false);
    expect(store.getState().classLock?.check).toBe(lock.check);

    store.getState().lockBoxes(lock); // the teacher's link opened over the students' page
    expect(await store.getState().unlock()).toBe(true);
    expect(store.getState().classLock).toBeNull();
    const box = store.getState().doc.boxes[1];
    store.getState().removeItems([box.id]);
    expect(store.getState().doc.boxes.some((b) => b.id === box.id)).toBe(false);
  });

  it('belongs to the locked document: another opens unlocked, and Undo of that open locks again', async () => {
    const { store, lock } = await lockedStore();
    const linked = store.getState().doc;
    store.getState().setDocument(emptyDocument(), true, 'new');
    expect(store.getState().classLock).toBeNull();
    expect(store.getState().addBox('tanh', { x: 0, y: 0 })).not.toBe('');
    store.getState().undo(); // the box
    store.getState().undo(); // the open: the linked document again
    expect(store.getState().doc).toBe(linked);
    expect(store.getState().classLock).toEqual({ check: lock.check });
    expect(store.getState().addBox('tanh', { x: 0, y: 0 })).toBe('');
    store.getState().setDocument(loadExample('iris-simple'), true, 'example');
    expect(store.getState().classLock).toBeNull();
    // The same drawing opened again (the link again, the file exported from it) is the locked document.
    store.getState().setDocument(structuredClone(linked), true, 'link');
    expect(store.getState().classLock).toEqual({ check: lock.check });
  });

  it('the class’s own changes keep the locked document locked', async () => {
    const { store } = await lockedStore();
    store.getState().setTraining({ epochs: 3 });
    store.getState().setDataset(undefined);
    expect(store.getState().classLock).not.toBeNull();
  });

  it('locks the drawing it is given, which may open after it (a link asked about first)', async () => {
    const store = createEditorStore({ doc: loadExample('xor') });
    const linked = loadExample('plane-regression');
    const lock = await newClassLock();
    store.getState().lockBoxes(lock, linked);
    expect(store.getState().classLock).toBeNull();
    store.getState().setDocument(linked, true, 'link');
    expect(store.getState().classLock).toEqual(lock);
    expect(await store.getState().unlock()).toBe(true);
    store.getState().setDocument(loadExample('xor'), true, 'example');
    store.getState().setDocument(structuredClone(linked), true, 'link');
    expect(store.getState().classLock).toBeNull();
  });

  it('a link made before keys locks with nothing to unlock it', async () => {
    const store = createEditorStore({ doc: loadExample('xor') });
    store.getState().lockBoxes({ check: null });
    store.getState().lockBoxes(await newClassLock());
    expect(await store.getState().unlock()).toBe(false);
    expect(store.getState().classLock).toEqual({ check: null });
  });
});

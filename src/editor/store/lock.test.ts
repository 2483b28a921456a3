/**
 * Locked boxes: every edit of the drawing, by whatever path (an action, a paste, an undo), is
 * refused with one notice and changes nothing; data and training settings stay editable; Unlock
 * gives every edit back.
 */
import { describe, expect, it } from 'vitest';
import { loadExample } from '../../io/examples';
import { createEditorStore } from './createEditorStore';
import { LOCKED_MESSAGE } from './lock';

describe('locked boxes', () => {
  it('refuses every drawing edit, naming how to unlock, and keeps the document and its history', () => {
    const store = createEditorStore({ doc: loadExample('xor') });
    store.getState().moveNodes(new Map([['x', { x: 9, y: 9 }]])); // one step of history to undo
    store.getState().setView({ boxesLocked: true });
    const before = store.getState().doc;
    const past = store.temporal.getState().pastStates.length;
    const s = store.getState();
    const box = before.boxes[1];
    expect(s.addBox('tanh', { x: 0, y: 0 })).toBe('');
    expect(s.connect({ box: box.id, port: 'y' }, { box: before.boxes[2].id, port: 'x' })).toEqual({
      ok: false,
      reason: LOCKED_MESSAGE,
    });
    s.removeItems([box.id]);
    s.moveNodes(new Map([[box.id, { x: 1, y: 1 }]]));
    expect(s.setConfig(box.id, 'units', 3)).toMatchObject({ ok: false });
    s.setLabel(box.id, 'renamed');
    expect(s.paste({ boxes: [box], wires: [], groups: [], templates: [] } as never)).toEqual([]);
    s.select([box.id]);
    expect(s.groupSelection('g')).toBeNull();
    s.undo();
    expect(store.getState().doc).toBe(before);
    expect(store.temporal.getState().pastStates).toHaveLength(past);
    expect(store.getState().notice).toMatchObject({ text: LOCKED_MESSAGE, tone: 'error' });

    // The class's own settings stay theirs.
    store.getState().setTraining({ epochs: 7 });
    expect(store.getState().doc.training?.epochs).toBe(7);

    store.getState().setView({ boxesLocked: false });
    store.getState().removeItems([box.id]);
    expect(store.getState().doc.boxes.some((b) => b.id === box.id)).toBe(false);
  });
});

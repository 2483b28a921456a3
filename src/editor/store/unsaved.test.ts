import { describe, expect, it } from 'vitest';
import { newDiagram } from '../commands/newDiagram';
import { emptyDocument } from '../model/emptyDocument';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from './createEditorStore';
import { hasUnsavedWork } from './unsaved';

const run = (store: ReturnType<typeof createEditorStore>) => newDiagram.run({ store, flow: null });

describe('unsaved work and New diagram', () => {
  it('starts at once when nothing would be lost: an opened document, or an empty one', () => {
    const store = createEditorStore({ doc: xorExample() });
    expect(hasUnsavedWork(store.getState())).toBe(false);
    run(store);
    expect(store.getState().discardPrompt).toBe(false);
    expect(store.getState().doc.boxes).toHaveLength(0);
    store.getState().addBox('tanh', { x: 0, y: 0 });
    store.getState().undo();
    run(store);
    expect(store.getState().discardPrompt).toBe(false);
  });

  it('asks after an edit, and no longer once the document is exported', () => {
    const store = createEditorStore({ doc: xorExample() });
    store.getState().moveNodes(new Map([['x', { x: 5, y: 5 }]]));
    expect(hasUnsavedWork(store.getState())).toBe(true);
    run(store);
    expect(store.getState().discardPrompt).toEqual({ next: 'new' });
    expect(store.getState().doc.boxes.length).toBeGreaterThan(0);
    store.getState().setView({ discardPrompt: false, exportedDoc: store.getState().doc });
    run(store);
    expect(store.getState().discardPrompt).toBe(false);
    expect(store.getState().doc.boxes).toHaveLength(0);
  });

  it('counts a restored document with changes never exported as unsaved', () => {
    const store = createEditorStore({ doc: emptyDocument() });
    const doc = xorExample();
    store.getState().setDocument(doc);
    store.getState().setView({ exportedDoc: null });
    expect(hasUnsavedWork(store.getState())).toBe(true);
  });
});

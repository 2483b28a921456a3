import { describe, expect, it } from 'vitest';
import { examples } from '../../io/examples';
import { xorExample } from '../model/xorExample';
import { createEditorStore } from '../store/createEditorStore';
import { hasUnsavedWork } from '../store/unsaved';
import { openExample, startExample } from './openExample';

describe('opening an example', () => {
  it('opens at once over a document with nothing unsaved, named and bound, as one undo step', () => {
    const store = createEditorStore({ doc: xorExample() });
    openExample(store, 'iris-simple');
    const s = store.getState();
    expect(s.discardPrompt).toBe(false);
    expect(s.doc.name).toMatch(/^Iris/);
    expect(s.doc.dataset?.id).toBe('iris');
    expect(hasUnsavedWork(s)).toBe(false);
    s.undo();
    expect(store.getState().doc.name).toBe('XOR');
  });

  it('asks first over unsaved work, and opens only once confirmed', () => {
    const store = createEditorStore({ doc: xorExample() });
    store.getState().moveNodes(new Map([['x', { x: 5, y: 5 }]]));
    const edited = store.getState().doc;
    store.getState().setOverlay('examples');
    openExample(store, 'mnist-mlp');
    expect(store.getState().discardPrompt).toEqual({ next: 'example', id: 'mnist-mlp' });
    expect(store.getState().overlay).toBeNull();
    expect(store.getState().doc).toBe(edited);
    startExample(store, 'mnist-mlp');
    expect(store.getState().discardPrompt).toBe(false);
    expect(store.getState().doc.dataset?.id).toBe('mnist');
  });

  it.each(examples.map((e) => e.id))('%s opens, with a one-line description and a dataset', (id) => {
    const store = createEditorStore();
    startExample(store, id);
    const example = examples.find((e) => e.id === id);
    expect(example?.description).not.toMatch(/\n/);
    expect(store.getState().doc.dataset).toBeDefined();
    expect(store.getState().doc.boxes.length).toBeGreaterThan(3);
  });
});

describe('binding a dataset', () => {
  it('is one undo step, and binding what is bound records none', () => {
    const store = createEditorStore({ doc: xorExample() });
    const s = () => store.getState();
    s().setDataset({ id: 'circles', options: { noise: 0.2 } });
    expect(s().doc.dataset).toEqual({ id: 'circles', options: { noise: 0.2 } });
    s().setDataset({ id: 'circles', options: { noise: 0.2 } });
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    s().undo();
    expect(s().doc.dataset?.id).toBe('xor');
    s().setDataset(undefined);
    expect(s().doc.dataset).toBeUndefined();
  });

  it('changes training settings as one step, and refuses a value the schema refuses', () => {
    const store = createEditorStore({ doc: xorExample() });
    const s = () => store.getState();
    s().setTraining({ testFraction: 0.25 });
    expect(s().doc.training?.testFraction).toBe(0.25);
    expect(store.temporal.getState().pastStates).toHaveLength(1);
    const before = s().doc;
    expect(() => s().setTraining({ testFraction: 1 })).toThrow();
    expect(s().doc).toBe(before);
  });
});

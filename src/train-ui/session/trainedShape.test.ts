import { describe, expect, it } from 'vitest';
import { createEditorStore } from '../../editor/store/createEditorStore';
import { loadExample } from '../../io/examples';
import { flatTrainedShape, runShape, trainedShape } from './trainedShape';

describe('the trained shape with the groups drawn through', () => {
  it('is the same for a drawing and its boxes grouped as a Para box, and tells a changed drawing apart', () => {
    const store = createEditorStore({ doc: loadExample('xor') });
    const plain = store.getState().doc;
    store.getState().select(['tanh1', 'lin2']);
    expect(store.getState().groupSelection()).not.toBeNull();
    const grouped = store.getState().doc;
    // the group reroutes the wires through its ports: what a run keys its documents by differs
    expect(trainedShape(grouped)).not.toBe(trainedShape(plain));
    expect(flatTrainedShape(grouped)).toBe(flatTrainedShape(plain));
    store.getState().addBox('tanh', { x: 900, y: 900 });
    expect(flatTrainedShape(store.getState().doc)).not.toBe(flatTrainedShape(plain));
  });

  it('knows a document among runs as the same when grouped, and a drawing without groups as it always did', () => {
    const store = createEditorStore({ doc: loadExample('iris-hidden') });
    const plain = store.getState().doc;
    // the hashes kept in run records before groups counted are still the drawing's own
    expect(runShape(plain)).toBe(trainedShape(plain));
    store.getState().select(['lin1', 'W1', 'bias1', 'b1', 'sigmoid1']);
    expect(store.getState().groupSelection()).not.toBeNull();
    expect(runShape(store.getState().doc)).toBe(runShape(plain));
    store.getState().addBox('sigmoid', { x: 900, y: 900 });
    expect(runShape(store.getState().doc)).not.toBe(runShape(plain));
  });
});

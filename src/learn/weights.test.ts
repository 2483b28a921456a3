/** The trained model as one JSON draft: the document and its weights by name. */
import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../io/document';
import { denseModel } from '../testing/models';
import { MODEL_DRAFT_FORMAT, modelFile } from './weights';

const document = { boxes: [], wires: [] } as unknown as LensDocument;

describe('a model file draft', () => {
  const model = denseModel(2, [{ units: 3 }]);
  const values = model.params.map((p, i) =>
    Float32Array.from({ length: p.type.shape.reduce((n, d) => n * d, 1) }, (_, j) => i + j / 4),
  );

  it("names each weight array after its parameter, with the parameter's shape and values", () => {
    const draft = modelFile(document, model, values);
    expect(draft.format).toBe(MODEL_DRAFT_FORMAT);
    expect(draft.format).toBe('lensboard-model-draft');
    expect(draft.document).toBe(document);
    expect(draft.weights.map((w) => w.name)).toEqual(model.params.map((p) => p.name));
    draft.weights.forEach((w, i) => {
      expect(w.shape).toEqual(model.params[i].type.shape);
      expect(w.values).toEqual(Array.from(values[i]));
    });
    expect('training' in draft, 'no training record unless one is given').toBe(false);
  });

  it('keeps the training record it is given, and survives JSON', () => {
    const training = { epochs: 3, loss: 0.25 };
    const draft = modelFile(document, model, values, training);
    expect(draft.training).toEqual(training);
    expect(JSON.parse(JSON.stringify(draft)).weights[0].values).toEqual(Array.from(values[0]));
  });

  it('refuses a count of weight arrays other than the parameters', () => {
    expect(() => modelFile(document, model, values.slice(1))).toThrow(
      `${values.length - 1} weight arrays for ${model.params.length} parameters`,
    );
    expect(() => modelFile(document, model, [...values, new Float32Array(1)])).toThrow('weight arrays');
  });
});

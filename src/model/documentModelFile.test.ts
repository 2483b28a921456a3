/** A document as a model file to export: its weights and settings, and the refusals that name why. */
import { describe, expect, it } from 'vitest';
import { loadExample } from '../io/examples/index';
import { DocumentModelError, documentModelFile } from './documentModelFile';

const refusal = (run: () => unknown): DocumentModelError => {
  try {
    run();
  } catch (e) {
    if (e instanceof DocumentModelError) return e;
    throw e;
  }
  throw new Error('documentModelFile refused nothing');
};

describe('documentModelFile', () => {
  it("writes the document's initial weights, its dataset's shapes and its settings", () => {
    const doc = loadExample('xor');
    const { file, weights } = documentModelFile(doc);
    expect(file.trainingConfig.dataset).toMatchObject({ id: 'xor', featureShape: [2], task: 'classification' });
    expect(file.trainingConfig.epochsDone).toBe(0);
    expect(weights.length).toBeGreaterThan(0);
    for (const w of weights) expect(w.data.length).toBe(w.shape.reduce((a, b) => a * b, 1));
    const given = weights.map((w) => new Float32Array(w.data.length).fill(0.5));
    expect(documentModelFile(doc, given).weights.every((w) => w.data.every((v) => v === 0.5))).toBe(true);
  });

  it('refuses a document bound to no dataset, saying so', () => {
    const e = refusal(() => documentModelFile({ ...loadExample('xor'), dataset: undefined }));
    expect(e.reasons).toEqual(['the document is bound to no dataset, so its input shape is unknown']);
  });

  it('refuses a document that does not compile, naming the box', () => {
    const doc = loadExample('xor');
    const e = refusal(() => documentModelFile({ ...doc, wires: doc.wires.filter((w) => w.to.box !== 'lin1') }));
    expect(e.message).toContain("box 'lin1'");
  });
});

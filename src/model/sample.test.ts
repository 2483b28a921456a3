/**
 * Generating text: one attention head trained on the reverse task (the lesson "Attention is a
 * lens"'s diagram) writes a string backwards greedily; a seed replays a temperature sample; a
 * model that is no sequence model, or a prompt outside the vocabulary, is refused by name.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDatasetNode } from '../data/catalogNode';
import type { LensDocument } from '../io/document';
import { datasetRecord, writeModelFile } from '../learn/modelFile';
import { openSession } from '../learn/session';
import attentionHead from '../testing/attentionHead.json';
import { loadModel } from './modelRuntime';
import { sampleText } from './sample';

async function trainedHead(steps: number) {
  const document = attentionHead as unknown as LensDocument;
  const { trainer, dataset } = await openSession(
    { document, settings: { engine: 'typed', epochs: 1000, testFraction: 0, evaluateEachEpoch: false } },
    loadDatasetNode,
  );
  let taken = 0;
  trainer.onStep(() => {
    taken++;
    if (taken >= steps) trainer.stop();
  });
  await trainer.run();
  const binding = document.dataset ?? { id: 'reverse' };
  const text = writeModelFile({
    document,
    dataset: datasetRecord(dataset, binding),
    trainer,
    epochsDone: 0,
    stepsDone: taken,
    metrics: { train: null, test: null },
  });
  trainer.dispose();
  return loadModel(JSON.parse(text));
}

describe('text from a trained sequence model', () => {
  let model: Awaited<ReturnType<typeof trainedHead>>;
  beforeAll(async () => {
    model = await trainedHead(200);
  });

  it('writes the reverse task’s answer greedily: the letters backwards', () => {
    for (const word of ['abcd', 'dcca', 'bbad'])
      expect(sampleText(model, { prompt: `${word}|`, length: 4, temperature: 0, seed: 1 })).toBe(
        [...word].reverse().join(''),
      );
  });

  it('gives the same text for the same seed, and keeps to the vocabulary', () => {
    const o = { prompt: 'ab', length: 40, temperature: 1.5, seed: 7 };
    const text = sampleText(model, o);
    expect(text).toHaveLength(40);
    expect(sampleText(model, o)).toBe(text);
    expect(text).toMatch(/^[abcd|]+$/);
  });

  it('refuses a prompt outside the vocabulary, an empty one and a bad temperature, saying which', () => {
    expect(() => sampleText(model, { prompt: 'abz', length: 1, temperature: 0, seed: 1 })).toThrow(
      'the prompt: character "z" at 2 is not in the vocabulary (a b c d |)',
    );
    expect(() => sampleText(model, { prompt: '', length: 1, temperature: 0, seed: 1 })).toThrow(/prompt is empty/);
    expect(() => sampleText(model, { prompt: 'a', length: 1, temperature: -1, seed: 1 })).toThrow(/temperature/);
  });
});

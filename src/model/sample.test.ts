/**
 * Generating text: one attention head trained on the reverse task (the lesson "Attention is a
 * lens"'s diagram) writes a string backwards greedily; a seed replays a temperature sample; a
 * short prompt's next character is the one an unpadded window gives (the padding is never read),
 * and a model that would read it is refused; a model that is no sequence model, or a prompt
 * outside the vocabulary, is refused by name.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDatasetNode } from '../data/catalogNode';
import type { LensDocument } from '../io/document';
import { datasetRecord, writeModelFile } from '../learn/modelFile';
import { openSession } from '../learn/session';
import attentionHead from '../testing/attentionHead.json';
import { fcSeed } from '../testing/seed';
import { loadModel } from './modelRuntime';
import { nextDistribution, sampleText } from './sample';

const SYMBOLS = 'abcd|';
const T = 8;

/** The attention head with its softmax unmasked: every position reads every other. */
const unmasked = {
  ...attentionHead,
  boxes: attentionHead.boxes.map((b) => (b.id === 'attn' ? { ...b, config: { ...b.config, causal: false } } : b)),
} as unknown as LensDocument;

/** softmax of row `row`'s logits at `position`, the model run on a full window of T real tokens. */
function unpadded(model: Awaited<ReturnType<typeof trainedHead>>, window: number[], position: number) {
  const [row] = model.predict(Float32Array.from(window), { prepared: true });
  const logits = row.subarray(position * SYMBOLS.length, (position + 1) * SYMBOLS.length);
  const top = Math.max(...logits);
  const w = Array.from(logits, (l) => Math.exp(l - top));
  const total = w.reduce((a, b) => a + b, 0);
  return w.map((v) => v / total);
}

async function trainedHead(steps: number, document = attentionHead as unknown as LensDocument) {
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

  it('reads a short prompt’s next character from its real tokens only: padded as an unpadded window gives it', () => {
    const id = fc.integer({ min: 0, max: SYMBOLS.length - 1 });
    fc.assert(
      fc.property(fc.array(id, { minLength: T, maxLength: T }), fc.integer({ min: 1, max: T - 1 }), (window, t) => {
        const prompt = window
          .slice(0, t)
          .map((i) => SYMBOLS[i])
          .join('');
        const padded = Array.from(nextDistribution(model, prompt));
        const real = unpadded(model, window, t - 1);
        for (const [i, p] of padded.entries()) expect(p).toBeCloseTo(real[i], 6);
      }),
      { seed: fcSeed(), numRuns: 30 },
    );
  });
});

it('refuses a prompt shorter than the context of a model that reads later positions, saying why', async () => {
  const model = await trainedHead(1, unmasked);
  expect(() => sampleText(model, { prompt: 'ab', length: 1, temperature: 0, seed: 1 })).toThrow(
    "the model reads positions after the prompt's last character (its attention has no causal mask), so a prompt of 2 characters would be read with padding as text: give at least 8, its context",
  );
  expect(sampleText(model, { prompt: 'abcd|dcb', length: 2, temperature: 0, seed: 1 })).toMatch(/^[abcd|]{2}$/);
});

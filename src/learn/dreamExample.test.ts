/**
 * The "Deep dreaming" gallery example, as the app runs it (docs/dreaming.md): train the MNIST
 * network for its one epoch, then the same document with the input chosen as the learnt wire,
 * from those weights: the objective (the loss against the target 3) falls over its few hundred
 * typed-array steps, the model's belief that the picture is a 3 rises, and the weights do not move.
 */
import { describe, expect, it } from 'vitest';
import { type DatasetOptions, loadDataset } from '../data/catalog';
import { loadMnistBufferNode } from '../data/mnistNode';
import { loadExample } from '../io/examples/index';
import { openSession } from './session';

const load = (id: string, options?: DatasetOptions) => loadDataset(id, { ...options, mnistBytes: loadMnistBufferNode });

describe('the Deep dreaming example', () => {
  it('trains for an epoch, then dreams a 3 from those weights with the same learner', async () => {
    const doc = loadExample('deep-dreaming');
    expect(doc.training).toMatchObject({ learn: 'weights', dream: { target: 3, start: 'zeros', steps: 300 } });
    const training = await openSession({ document: doc, settings: { engine: 'typed' } }, load);
    const trained = await training.trainer.run();
    expect(trained.train.accuracy).toBeGreaterThan(0.8);
    const params = training.trainer.learner.model.params;
    const weights = training.trainer.weights();
    const named = params.map((p, i) => ({
      name: p.name,
      shape: [...p.type.shape],
      group: 'model' as const,
      data: weights[i],
    }));

    const dreaming = { ...doc, training: { ...doc.training, learn: 'input' as const } };
    const resume = { weights: named, epochsDone: trained.epochs, stepsDone: trained.steps, partial: true };
    const session = await openSession({ document: dreaming, settings: { engine: 'typed' }, resume }, load);
    const t = session.trainer;
    expect(session.dataset.n).toBe(1);
    expect(t.learner.optimiser.kind).toBe('adam');
    const scores: number[] = [];
    const losses: number[] = [];
    t.onStep((m) => losses.push(m.loss));
    const score = () => {
      const x = t.dreamed() as Float32Array;
      const out = t.evaluate({ ...session.dataset, features: x });
      scores.push(Math.exp(-out.loss)); // cross-entropy against a one-hot 3: −log softmax₃
      return x;
    };
    const before = score();
    const result = await t.run();
    const after = score();
    expect(losses.length).toBe(300);
    expect(result.steps).toBe(trained.steps + 300);
    expect(losses[losses.length - 1]).toBeLessThan(losses[0] / 10);
    expect(scores[0]).toBeLessThan(0.5);
    expect(scores[1]).toBeGreaterThan(0.9);
    expect(before.every((v) => v === 0)).toBe(true);
    expect(after.some((v) => v > 0.05)).toBe(true);
    expect(t.weights().map((w) => Array.from(w))).toEqual(weights.map((w) => Array.from(w)));
  });
});

/**
 * Deep dreaming through the one trainer (docs/dreaming.md): with the input chosen as the learnt
 * wire, a step moves the input by −ε times the loss's gradient with respect to it — checked
 * against central differences on the float64 engine and against tf.grad — the weights stay
 * exactly what they were, and a few hundred steps raise the model's score for the target class.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { fullShape } from '../core/shape';
import { makeDataset } from '../data/dataset';
import { createTfjsEngine } from '../engines/tfjs';
import { createTypedEngine } from '../engines/typed';
import { denseModel } from '../testing/models';
import { dreamDataset, targetScore } from './dream';
import type { Learner } from './learner';
import { initialParams } from './params';
import type { EngineName } from './runners/types';
import { createTrainer } from './trainer';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const model = denseModel(
  4,
  [
    { units: 6, activation: 'tanh', init: { kind: 'normal', sigma: 1 } },
    { units: 3, init: { kind: 'normal', sigma: 1 } },
  ],
  'softmax-cross-entropy',
);
const weights = initialParams(model, 3);
const base = makeDataset({
  name: 'three classes',
  description: 'rows whose values do not matter: a dream reads only their shapes',
  task: 'classification',
  featureShape: [4],
  labelShape: [3],
  labelEncoding: 'onehot',
  features: new Float32Array(8),
  labels: Float32Array.of(1, 0, 0, 0, 1, 0),
});
const TARGET = 2;
const dream = dreamDataset(base, { target: TARGET, start: 'noise', steps: 300 }, 5);

function dreamer(engine: EngineName, steps: number, learningRate: number, learn: 'input' | 'both' = 'input') {
  const settings = {
    epochs: steps,
    batchSize: 1,
    seed: 1,
    engine,
    learn,
    evaluateEachEpoch: false,
    optimiser: { kind: 'gd', learningRate },
  } as const;
  return createTrainer(model, dream, settings, {
    start: { params: weights.map((w) => w.slice()), state: [], epochsDone: 0, stepsDone: 0 },
  });
}

/** The learner's loss and prediction at input x with the given weights, in doubles. */
function evaluate64(learner: Learner, x: ArrayLike<number>, ws = weights) {
  const engine = createTypedEngine(learner.evaluateProgram, { dtype: 'float64' });
  const types = learner.model.diagram.inputs.map((w) => learner.model.diagram.wires[w]);
  const values = [...ws, x];
  const [l, yhat] = engine.run([
    ...values.map((v, i) => ({ shape: fullShape(types[i], 1), data: Float64Array.from(v) })),
    { shape: [1, 3], data: Float64Array.from(dream.labels) },
  ]);
  return { loss: l.data[0], prediction: Array.from(yhat.data) };
}

describe('deep dreaming: the input is the learnt wire', () => {
  it('the dream dataset is the start and the target, one-hot', () => {
    expect(dream.n).toBe(1);
    expect(Array.from(dream.labels)).toEqual([0, 0, 1]);
    expect(dream.features.every((v) => v >= 0 && v < 0.1)).toBe(true);
    expect(dreamDataset(base, { target: 1, start: 'zeros', steps: 1 }, 5).features.every((v) => v === 0)).toBe(true);
    expect(() => dreamDataset(base, { target: 3, start: 'zeros', steps: 1 }, 5)).toThrow(/target class must be 0 to 2/);
  });

  it('the target score is softmax of the logits, or the prediction itself', () => {
    expect(targetScore([0, Math.log(3), 0], 1, true)).toBeCloseTo(0.6, 12);
    expect(targetScore([1000, 1000], 0, true)).toBe(0.5);
    expect(targetScore([0.2, 0.7], 1, false)).toBe(0.7);
  });

  it('one step moves the input by −ε ∂ℓ/∂x: central differences on the float64 engine', async () => {
    const epsilon = 0.1;
    const t = dreamer('typed-float64', 1, epsilon);
    expect(t.learner.layout.learnt).toEqual([4]);
    expect(t.learner.layout.fixed).toEqual([0, 1, 2, 3]);
    const x0 = Array.from(dream.features);
    await t.run();
    const x1 = t.dreamed() as Float32Array;
    const h = 1e-6;
    x0.forEach((_, i) => {
      const at = (d: number) =>
        evaluate64(
          t.learner,
          x0.map((v, j) => (j === i ? v + d : v)),
        ).loss;
      const slope = (at(h) - at(-h)) / (2 * h);
      // the runner hands the input back in float32: compare to that rounding
      expect(x1[i]).toBeCloseTo(Math.fround(x0[i] - epsilon * slope), 6);
    });
  });

  it('the same step on tfjs agrees with tf.grad of the forward loss', async () => {
    const epsilon = 0.1;
    const before = tf.memory().numTensors;
    const t = dreamer('tfjs', 1, epsilon);
    await t.run();
    const x1 = t.dreamed() as Float32Array;
    t.dispose();
    expect(tf.memory().numTensors).toBe(before); // the frozen weights' tensors go with the runner
    const engine = createTfjsEngine(t.learner.evaluateProgram);
    const want = tf.tidy(() => {
      const ws = weights.map((w, i) => tf.tensor(w, [...model.params[i].type.shape]));
      const y = tf.tensor(dream.labels, [1, 3]);
      const x = tf.tensor(dream.features, [1, 4]);
      const g = tf.grad((xi: tf.Tensor) => tf.sum(engine.run([...ws, xi, y])[0]))(x);
      return Array.from(tf.sub(x, tf.mul(epsilon, g)).dataSync());
    });
    expect(Array.from(x1)).toEqual(want.map((v) => expect.closeTo(v, 5)));
  });

  it('a few hundred steps raise the target score; the weights stay bit-identical', async () => {
    const t = dreamer('typed', 300, 0.5);
    const start = targetScore(evaluate64(t.learner, dream.features).prediction, TARGET, true);
    const result = await t.run();
    expect(result.status).toBe('done');
    const x = t.dreamed() as Float32Array;
    const end = targetScore(evaluate64(t.learner, x).prediction, TARGET, true);
    expect(start).toBeLessThan(0.5);
    expect(end).toBeGreaterThan(0.95);
    // the weights the step read are those given: the trainer's own loss is the loss at them
    expect(t.evaluate(makeDataset({ ...dream, features: x })).loss).toBeCloseTo(evaluate64(t.learner, x).loss, 5);
    expect(t.weights().map((w) => Array.from(w))).toEqual(weights.map((w) => Array.from(w)));
    expect(x.some((v, i) => v !== dream.features[i])).toBe(true);
  });

  it("'both' learns the weights and the input with the same learner", async () => {
    const t = dreamer('typed', 20, 0.1, 'both');
    expect(t.learner.layout.learnt).toEqual([0, 1, 2, 3, 4]);
    await t.run();
    expect(t.weights()[0].some((v, i) => v !== weights[0][i])).toBe(true);
    expect((t.dreamed() as Float32Array).some((v, i) => v !== dream.features[i])).toBe(true);
  });
});

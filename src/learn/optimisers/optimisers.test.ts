/**
 * Each optimiser lens, run through the learner's own step on the float64 engine (the wiring
 * that trains: testing/givenGradient.ts), follows tfjs's own optimiser on the same gradient
 * sequence to 1e-6 (tfjs on its cpu backend, in float32), over 100 seeded random sequences each.
 * Conventions matched by settings, not by code: α = −ε (gd, momentum) or −1 (adagrad, adam);
 * AdaGrad's accumulator starts at tfjs's 0.1 plus its backend δ (1e-7, under the root) with our
 * δ = 0; Nesterov's look-ahead p̃ = p + γs is tfjs's variable. With ŷ = x + p̃ and x = 0, a step's
 * prediction is the p̃ it read.
 *
 * 100 cases a lens, on a fixed seed that is printed. Since the step run is the learner's, this
 * catches mutants of the wiring that trains, which a separate update diagram never saw: e.g.
 * "the learner feeds the model p instead of get(s, p)" (optimiserWiring.ts) fails Nesterov here.
 */
import * as tf from '@tensorflow/tfjs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { givenGradientLearner, givenGradientRun } from '../../testing/givenGradient';
import { fcSeed } from '../../testing/seed';
import { ADAGRAD_INITIAL_ACCUMULATOR, type Hypers, type OptimiserKind } from './index';

const seed = fcSeed();
const shape = [3, 2];

/** p̃ before each step, and after the last one. */
function ours(kind: OptimiserKind, h: Hypers, p0: number[], grads: number[][], stateInit: number[]): number[][] {
  const run = givenGradientRun(learners(kind), h, [p0], 'typed-float64', stateInit);
  const seen = [...grads, grads[0].map(() => 0)].map((g) => Array.from(run.step(g)));
  run.runner.dispose();
  return seen;
}

const cache = new Map<OptimiserKind, ReturnType<typeof givenGradientLearner>>();
function learners(kind: OptimiserKind) {
  const known = cache.get(kind);
  if (known) return known;
  const made = givenGradientLearner(kind, 6, 1);
  cache.set(kind, made);
  return made;
}

/** What `theirs` needs of an optimiser: tfjs's own, or one written in tfjs ops. */
type TfOptimiser = Pick<tf.Optimizer, 'applyGradients' | 'dispose'>;

function theirs(optimizer: TfOptimiser, p0: number[], grads: number[][]): number[][] {
  const init = tf.tensor(p0, shape);
  const p = tf.variable(init, true, `p${Math.random()}`);
  init.dispose();
  const seen = [Array.from(p.dataSync())];
  for (const g of grads) {
    tf.tidy(() => optimizer.applyGradients({ [p.name]: tf.tensor(g, shape) }));
    seen.push(Array.from(p.dataSync()));
  }
  optimizer.dispose();
  p.dispose();
  return seen;
}

const values = fc.array(fc.float({ min: -1, max: 1, noNaN: true }), { minLength: 6, maxLength: 6 });
const run = fc.record({ p0: values, grads: fc.array(values, { minLength: 1, maxLength: 12 }) });

/**
 * AdaGrad with δ outside the root, as Keras and our lens have it: acc⁺ = acc + g²,
 * p⁺ = p − ε g / (δ + √acc⁺), in tfjs ops. tf.train.adagrad puts its δ under the root and
 * fixes it at the backend's 1e-7, so it cannot stand in for a δ ≠ 0.
 */
function adagradOutsideRoot(learningRate: number, delta: number, initial: number): TfOptimiser {
  const accumulators = new Map<string, tf.Variable>();
  return {
    applyGradients(grads) {
      for (const [name, g] of Object.entries(grads as Record<string, tf.Tensor>)) {
        const p = tf.engine().registeredVariables[name];
        const acc = accumulators.get(name) ?? tf.variable(tf.fill(g.shape, initial));
        accumulators.set(name, acc);
        acc.assign(tf.add(acc, tf.square(g)));
        p.assign(tf.sub(p, tf.div(tf.mul(learningRate, g), tf.add(delta, tf.sqrt(acc)))));
      }
    },
    dispose() {
      for (const acc of accumulators.values()) acc.dispose();
    },
  };
}

function agree(kind: OptimiserKind, h: Hypers, make: () => TfOptimiser, stateInit?: number[]) {
  fc.assert(
    fc.property(run, ({ p0, grads }) => {
      const a = ours(kind, h, p0, grads, stateInit ?? []);
      const b = theirs(make(), p0, grads);
      // a[k] is p̃ before step k (and after the last), b[k] tfjs's variable at the same time.
      const worst = Math.max(...b.flatMap((row, k) => row.map((v, i) => Math.abs(a[k][i] - v))));
      expect(worst).toBeLessThan(1e-6);
    }),
    { seed, numRuns: 100 },
  );
}

const h: Hypers = { learningRate: 0.1, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 };

describe('optimiser lenses equal tfjs optimisers', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });
  it('gradient descent = tf.train.sgd', () => agree('gd', h, () => tf.train.sgd(h.learningRate)));
  it('momentum = tf.train.momentum', () => agree('momentum', h, () => tf.train.momentum(h.learningRate, h.momentum)));
  it('Nesterov look-ahead = tf.train.momentum(useNesterov)', () =>
    agree('nesterov', h, () => tf.train.momentum(h.learningRate, h.momentum, true)));
  it('AdaGrad = tf.train.adagrad', () => {
    const backendDelta = tf.backend().epsilon();
    agree('adagrad', { ...h, epsilon: 0 }, () => tf.train.adagrad(h.learningRate, ADAGRAD_INITIAL_ACCUMULATOR), [
      ADAGRAD_INITIAL_ACCUMULATOR + backendDelta,
    ]);
  });
  it('AdaGrad at δ ≠ 0 = its rule in tfjs ops, δ outside the root (δ = 0.05, where the placement shows)', () => {
    const delta = 0.05;
    agree('adagrad', { ...h, epsilon: delta }, () =>
      adagradOutsideRoot(h.learningRate, delta, ADAGRAD_INITIAL_ACCUMULATOR),
    );
  });
  it('Adam = tf.train.adam', () => {
    const h2 = { ...h, learningRate: 0.05, beta1: 0.8, beta2: 0.95, epsilon: 1e-3 };
    agree('adam', h2, () => tf.train.adam(h2.learningRate, h2.beta1, h2.beta2, h2.epsilon));
  });
});

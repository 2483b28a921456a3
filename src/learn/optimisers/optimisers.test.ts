/**
 * Each optimiser lens, run as a core Program on the float64 engine, follows tfjs's own optimiser
 * on the same gradient sequence to 1e-6 (tfjs on its cpu backend, in float32). Conventions
 * matched by settings, not by code: α = −ε (gd, momentum) or −1 (adagrad, adam); AdaGrad's
 * accumulator starts at tfjs's 0.1 plus its backend δ (1e-7, under the root) with our δ = 0;
 * Nesterov's look-ahead p̃ = p + γs is tfjs's variable.
 */
import * as tf from '@tensorflow/tfjs';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { lower, real } from '../../core';
import { createTypedEngine } from '../../engines';
import { fcSeed } from '../../testing/seed';
import { ADAGRAD_INITIAL_ACCUMULATOR, getOptimiser, type Hypers, type OptimiserKind, updateDiagram } from './index';

const seed = fcSeed();

const shape = [3, 2];
const type = { ...real(shape), batch: false };

function ours(kind: OptimiserKind, h: Hypers, p0: number[], grads: number[][], stateInit: number[]): number[][] {
  const o = getOptimiser(kind);
  const engine = createTypedEngine(lower(updateDiagram(o, type)), { dtype: 'float64' });
  const t = (data: number[], s = shape) => ({ shape: s, data: Float64Array.from(data) });
  let p = p0;
  let state = o.state.map((spec, i) => (spec.scalar ? [stateInit[i]] : p0.map(() => stateInit[i])));
  const seen: number[][] = [];
  for (const g of grads) {
    const scaleBy = o.cap === 'unit' ? -1 : -h.learningRate;
    const dp = g.map((v) => scaleBy * v);
    const hs = o.hypers.map((name) => t([h[name]], []));
    const states = state.map((s, i) => t(s, o.state[i].scalar ? [] : shape));
    const [get, next, ...nextState] = engine.run([t(p), ...states, ...hs, t(dp)]).map((x) => Array.from(x.data));
    seen.push(get);
    p = next;
    state = nextState;
  }
  seen.push(kind === 'nesterov' ? p.map((v, i) => v + h.momentum * state[0][i]) : p);
  return seen;
}

function theirs(optimizer: tf.Optimizer, p0: number[], grads: number[][]): number[][] {
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

function agree(kind: OptimiserKind, h: Hypers, make: () => tf.Optimizer, stateInit: number[] = [0, 0, 0]) {
  fc.assert(
    fc.property(run, ({ p0, grads }) => {
      const a = ours(kind, h, p0, grads, stateInit);
      const b = theirs(make(), p0, grads);
      // a[k] is p̃ before step k (and after the last), b[k] tfjs's variable at the same time.
      const worst = Math.max(...b.flatMap((row, k) => row.map((v, i) => Math.abs(a[k][i] - v))));
      expect(worst).toBeLessThan(1e-6);
    }),
    { seed, numRuns: 8 },
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
  it('Adam = tf.train.adam', () => {
    const h2 = { ...h, learningRate: 0.05, beta1: 0.8, beta2: 0.95, epsilon: 1e-3 };
    agree('adam', h2, () => tf.train.adam(h2.learningRate, h2.beta1, h2.beta2, h2.epsilon));
  });
});

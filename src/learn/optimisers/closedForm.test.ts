/**
 * Each optimiser, run through the learner's own step on the float64 engine, against its update
 * written out in plain JS doubles over 3 steps, two learnt vectors at once (so the shared state,
 * Adam's step counter, must move once a step, not once per vector). Agreement to 3e-14 (a few
 * units in the last place of weights near 10) leaves no room for a precision defect: it catches
 *  - the mutant "optimiser state created as Float32Array" (AdaGrad's accumulator then starts at
 *    float32(0.1) = 0.10000000149: the weights are off by 1.4e-9), and
 *  - the mutant "Adam's v⁺ = g² + β₂(v − g²)" (at β₂ = 0.999 it cancels g² against most of
 *    itself: the weights are off by 2.4e-13 after 3 steps, against 3.6e-15 for β₂v + (1−β₂)g²).
 */
import { describe, expect, it } from 'vitest';
import { givenGradientLearner, givenGradientRun } from '../../testing/givenGradient';
import { ADAGRAD_INITIAL_ACCUMULATOR, type Hypers, OPTIMISER_KINDS, type OptimiserKind } from './index';

type Update = (p: number[], g: number[], h: Hypers) => number[];

/** One vector's update rule, from a fresh state: the textbook formula of each optimiser. */
function reference(kind: OptimiserKind): Update {
  const ε = (h: Hypers) => h.learningRate;
  switch (kind) {
    case 'gd':
      return (p, g, h) => p.map((v, i) => v - ε(h) * g[i]);
    case 'momentum':
    case 'nesterov': {
      // s is −ε times Keras's accumulator (docs/architecture.md): s⁺ = γs − εg, p⁺ = p + s⁺.
      let s: number[] | null = null;
      return (p, g, h) => {
        const s0 = s ?? p.map(() => 0);
        s = s0.map((v, i) => h.momentum * v - ε(h) * g[i]);
        const next = s;
        return p.map((v, i) => v + next[i]);
      };
    }
    case 'adagrad': {
      let acc: number[] | null = null;
      return (p, g, h) => {
        const a0 = acc ?? p.map(() => ADAGRAD_INITIAL_ACCUMULATOR);
        acc = a0.map((v, i) => v + g[i] * g[i]);
        const a = acc;
        return p.map((v, i) => v - (ε(h) * g[i]) / (h.epsilon + Math.sqrt(a[i])));
      };
    }
    case 'adam': {
      let t = 0;
      let m: number[] | null = null;
      let v: number[] | null = null;
      return (p, g, h) => {
        t += 1;
        const [m0, v0] = [m ?? p.map(() => 0), v ?? p.map(() => 0)];
        m = m0.map((x, i) => h.beta1 * x + (1 - h.beta1) * g[i]);
        v = v0.map((x, i) => h.beta2 * x + (1 - h.beta2) * g[i] * g[i]);
        const [mt, vt] = [m, v];
        const mhat = (i: number) => mt[i] / (1 - h.beta1 ** t);
        const vhat = (i: number) => vt[i] / (1 - h.beta2 ** t);
        return p.map((x, i) => x - (ε(h) * mhat(i)) / (h.epsilon + Math.sqrt(vhat(i))));
      };
    }
  }
}

const f32 = (xs: number[]) => xs.map(Math.fround);
const p0 = [f32([0.5, -0.25, 1, 0.75]), f32([0.125, 2, -1, -0.3])];
const grads = [f32([0.3, -1.7, 0.01, 1e-3]), f32([2.5, 0.2, -0.6, 4]), f32([-0.9, 1.1, 3, -0.02])];
const h: Hypers = { learningRate: 4, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 };
/** p₁ receives c·g, p₂ receives g (testing/givenGradient.ts). */
const c = 2;

describe('optimisers on the float64 engine equal their formulas in doubles', () => {
  for (const kind of OPTIMISER_KINDS) {
    it(`${kind}: 3 steps of two vectors to 3e-14`, () => {
      const run = givenGradientRun(givenGradientLearner(kind, 4, 2, c), h, p0, 'typed-float64');
      for (const g of grads) run.step(g);
      const kept = run.runner.keep();
      const got = kept.read().learnt.map((v) => Array.from(v));
      kept.release();
      const want = p0.map((p, j) => {
        const update = reference(kind);
        const scale = j === 0 ? c : 1;
        return grads.reduce(
          (q, g) =>
            update(
              q,
              g.map((x) => scale * x),
              h,
            ),
          p,
        );
      });
      const worst = Math.max(...want.flatMap((row, j) => row.map((v, i) => Math.abs(got[j][i] - v))));
      console.log(`closedForm ${kind}: worst |Δp| = ${worst.toExponential(2)}`);
      expect(worst).toBeLessThan(3e-14);
    });
  }
});

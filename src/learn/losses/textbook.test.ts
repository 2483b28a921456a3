/**
 * Each loss's textbook lines (index.ts) say what its diagram and rdiff of it compute: the
 * formulas below are the captions' text read as arithmetic, checked on random ŷ, y and l′
 * against the float64 run of ℓ and R[ℓ]. A caption that drifted from the loss fails here.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rdiff } from '../../core/rdiff';
import { packedOf } from '../../core/views';
import { real } from '../../core/wire';
import { fcSeed } from '../../testing/seed';
import { evaluateAt } from '../explain/numbers';
import { getLoss, type LossKind, lossDiagram } from './index';

const seed = fcSeed();
const K = 3;
type V = number[];
const sum = (v: V) => v.reduce((a, b) => a + b, 0);
const softmax = (v: V) => {
  const m = Math.max(...v);
  const e = v.map((x) => Math.exp(x - m));
  return e.map((x) => x / sum(e));
};
const σ = (x: number) => 1 / (1 + Math.exp(-x));
const softplus = (x: number) => Math.log1p(Math.exp(x));

/** The textbook's words as numbers: [l, ŷ′, y′] from ŷ, y, l′. */
const read: Partial<Record<LossKind, (yh: V, y: V, dl: number) => [number, V, V]>> = {
  mse: (yh, y, dl) => [
    sum(yh.map((v, i) => (v - y[i]) ** 2)) / 2,
    yh.map((v, i) => dl * (v - y[i])),
    yh.map((v, i) => dl * (y[i] - v)),
  ],
  'mse-mean': (yh, y, dl) => {
    const d = yh.map((v, i) => (2 / K) * dl * (v - y[i]));
    return [sum(yh.map((v, i) => (v - y[i]) ** 2)) / K, d, d.map((x) => -x)];
  },
  'softmax-cross-entropy': (yh, y, dl) => {
    const s = softmax(yh);
    return [
      -sum(y.map((v, i) => v * Math.log(s[i]))),
      s.map((p, i) => dl * (p * sum(y) - y[i])),
      s.map((p) => -dl * Math.log(p)),
    ];
  },
  'binary-cross-entropy': (yh, y, dl) => [
    sum(yh.map((v, i) => softplus(v) - y[i] * v)),
    yh.map((v, i) => dl * (σ(v) - y[i])),
    yh.map((v) => -dl * v),
  ],
  dot: (yh, y, dl) => [sum(y.map((v, i) => v * yh[i])), y.map((v) => dl * v), yh.map((v) => dl * v)],
};

const vec = fc.array(fc.double({ min: -3, max: 3, noNaN: true }), { minLength: K, maxLength: K });

describe('the textbook text of each real loss', () => {
  for (const [kind, words] of Object.entries(read) as [LossKind, NonNullable<(typeof read)[LossKind]>][]) {
    it(`${kind}: ${getLoss(kind).textbook.forward} and its reverse say what the diagram computes`, () => {
      const ell = lossDiagram(kind, real([K]));
      const back = rdiff(ell);
      fc.assert(
        fc.property(vec, vec, fc.double({ min: -2, max: 2, noNaN: true }), (yh, y, dl) => {
          const l = evaluateAt(ell, { inputs: [yh, y] });
          const r = evaluateAt(back, { inputs: [yh, y, [dl]] });
          const at = (run: typeof l, d: typeof ell, k: number) => Array.from(run.values[packedOf(d).outputs[k]]);
          const [l0, dyh, dy] = words(yh, y, dl);
          const close = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * (1 + Math.abs(b));
          expect(close(at(l, ell, 0)[0], l0), 'l').toBe(true);
          // the caption's terms, one per output, add up to l
          const { term } = getLoss(kind).textbook;
          expect(term, `${kind} names its terms`).toBeDefined();
          const terms = yh.map((_, i) => term?.at(yh, y, i) ?? Number.NaN);
          expect(close(sum(terms), l0), `Σ ${term?.text} = l`).toBe(true);
          expect(
            at(r, back, 0).every((v, i) => close(v, dyh[i])),
            `ŷ′ = ${dyh}`,
          ).toBe(true);
          expect(
            at(r, back, 1).every((v, i) => close(v, dy[i])),
            `y′ = ${dy}`,
          ).toBe(true);
        }),
        { seed, numRuns: 50 },
      );
    });
  }
});

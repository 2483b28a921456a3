/**
 * The typed kernel's product (./matmulLoops) sums each o[i,j] over the same terms in the same
 * order whichever loop computes it — rows of o of any width, one row or two at a time, a double
 * output its own accumulator or a float32 one rounded once — so a replay and a kernel run, and
 * a narrow product and a wide one, agree to the bit. The reference below says that order: p in
 * fours, a four of zeros in a skipped (both rows' when the rows go in pairs), then one by one.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../core/init';
import { fcSeed } from '../testing/seed';
import type { Floats } from './arena';
import { matmulInto } from './matmulLoops';

const seed = fcSeed();
const ODD = [0, 0, 0, -0, 1, -1, Number.POSITIVE_INFINITY, Number.NaN];

/** o[i,j] as the loops sum it; `paired`: rows go two at a time (the accumulator holds 2m). */
function reference(
  at: (i: number, p: number) => number,
  bt: (p: number, j: number) => number,
  n: number,
  m: number,
  k: number,
  paired: boolean,
  transB: boolean,
): number[] {
  const o: number[] = [];
  for (let i = 0; i < n; i++) {
    // dot products along rows of b (transB) skip nothing; so does an outer product (k = 1)
    const skips = !transB && k > 1;
    const partner = paired && i - (i % 2) + 1 < n ? (i % 2 === 0 ? i + 1 : i - 1) : -1;
    const zero = (p: number) => at(i, p) === 0 && (partner < 0 || at(partner, p) === 0);
    for (let j = 0; j < m; j++) {
      let s = 0;
      let p = 0;
      if (!transB && k > 1)
        for (; p + 3 < k; p += 4) {
          if (skips && zero(p) && zero(p + 1) && zero(p + 2) && zero(p + 3)) continue;
          s +=
            at(i, p) * bt(p, j) +
            at(i, p + 1) * bt(p + 1, j) +
            at(i, p + 2) * bt(p + 2, j) +
            at(i, p + 3) * bt(p + 3, j);
        }
      for (; p < k; p++) {
        if (skips && zero(p)) continue;
        s = k === 1 && !transB ? at(i, p) * bt(p, j) : s + at(i, p) * bt(p, j);
      }
      o.push(s);
    }
  }
  return o;
}

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

describe('the typed kernel’s matrix product', () => {
  test('every shape, transpose and dtype sums the same terms in the same order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
        const [n, m, k] = [int(1, 5), int(1, 7), int(1, 13)];
        const [transA, transB] = [rng() < 0.5, rng() < 0.5];
        const dtype = rng() < 0.5 ? 'float64' : 'float32';
        const value = (sparse: boolean) =>
          rng() < (sparse ? 0.4 : 0.05) ? ODD[Math.floor(rng() * ODD.length)] : 4 * rng() - 2;
        const make = (len: number, sparse: boolean): Floats => {
          const xs = Array.from({ length: len }, () => value(sparse));
          return dtype === 'float64' ? Float64Array.from(xs) : Float32Array.from(xs);
        };
        // a is [n, k] (or [k, n] read transposed), b is [k, m] (or [m, k])
        const a = make(n * k, true);
        const b = make(k * m, rng() < 0.3);
        const ac = transA ? n : k;
        const bc = transB ? k : m;
        const at = (i: number, p: number) => (transA ? a[p * ac + i] : a[i * ac + p]);
        const bt = (p: number, j: number) => (transB ? b[j * bc + p] : b[p * bc + j]);
        const acc = new Float64Array(rng() < 0.5 ? m : 2 * m);
        const o = dtype === 'float64' ? new Float64Array(n * m) : new Float32Array(n * m);
        matmulInto(a, ac, b, bc, o, n, m, k, transA, transB, acc);
        const paired = transB ? n > 1 : acc.length >= 2 * m;
        const want = reference(at, bt, n, m, k, paired, transB);
        const rounded = dtype === 'float64' ? Float64Array.from(want) : Float32Array.from(want);
        expect(sameBits(o, rounded), JSON.stringify({ n, m, k, transA, transB, dtype })).toBe(true);
      }),
      { seed, numRuns: 500 },
    );
  });
});

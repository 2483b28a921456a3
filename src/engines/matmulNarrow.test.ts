/**
 * The narrow product loops (./matmulNarrow) on their own: rows of o of one to three values,
 * single or paired rows, a read of a either way round, float32 or float64, each o[i,j] summed in
 * the reference's order (testing/matmulReference.ts) so a narrow product gives the wide loops' bits.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../core/init';
import { operands, reference, sameBits } from '../testing/matmulReference';
import { fcSeed } from '../testing/seed';
import { axpyNarrow } from './matmulNarrow';

const seed = fcSeed();

describe('the narrow product loops', () => {
  test('rows of one to three values sum the same terms in the same order, paired or not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
        const [n, m, k] = [int(1, 6), int(1, 3), int(2, 13)];
        const transA = rng() < 0.5;
        const paired = rng() < 0.5;
        const dtype = rng() < 0.5 ? 'float64' : 'float32';
        const make = operands(rng, dtype);
        // a is [n, k] (or [k, n] read transposed), b is [k, m]
        const a = make(n * k, true);
        const b = make(k * m, rng() < 0.3);
        const ac = transA ? n : k;
        const [si, sp] = transA ? [1, ac] : [ac, 1];
        const o = dtype === 'float64' ? new Float64Array(n * m) : new Float32Array(n * m);
        axpyNarrow(a, si, sp, b, m, o, n, m, k, paired);
        const at = (i: number, p: number) => a[i * si + p * sp];
        const bt = (p: number, j: number) => b[p * m + j];
        const want = reference(at, bt, n, m, k, paired, false);
        const rounded = dtype === 'float64' ? Float64Array.from(want) : Float32Array.from(want);
        expect(sameBits(o, rounded), JSON.stringify({ n, m, k, transA, paired, dtype })).toBe(true);
      }),
      { seed, numRuns: 500 },
    );
  });

  test('two rows at once read four rows of b for both: a four is skipped only when both rows are zero there', () => {
    // row 0 is zero over p 0…3, row 1 is not: paired, row 0 sums 0·b (a NaN in b shows through)
    const a = Float64Array.from([0, 0, 0, 0, 1, 1, 1, 1]);
    const b = Float64Array.from([Number.NaN, 1, 1, 1]);
    const paired = new Float64Array(2);
    axpyNarrow(a, 4, 1, b, 1, paired, 2, 1, 4, true);
    expect(Array.from(paired)).toEqual([Number.NaN, Number.NaN]);
    const single = new Float64Array(2);
    axpyNarrow(a, 4, 1, b, 1, single, 2, 1, 4, false);
    expect(Array.from(single)).toEqual([0, Number.NaN]);
  });
});

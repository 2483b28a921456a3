/**
 * The typed kernel's product (./matmulLoops) sums each o[i,j] over the same terms in the same
 * order whichever loop computes it — rows of o of any width, one row or two at a time, a double
 * output its own accumulator or a float32 one rounded once — so a replay and a kernel run, and
 * a narrow product and a wide one, agree to the bit. The reference (testing/matmulReference.ts)
 * says that order; the narrow loops alone are tested beside them (./matmulNarrow.test.ts).
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../core/init';
import { operands, reference, sameBits } from '../testing/matmulReference';
import { fcSeed } from '../testing/seed';
import { matmulInto } from './matmulLoops';

const seed = fcSeed();

describe('the typed kernel’s matrix product', () => {
  test('every shape, transpose and dtype sums the same terms in the same order', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const int = (lo: number, hi: number) => lo + Math.floor(rng() * (hi - lo + 1));
        const [n, m, k] = [int(1, 5), int(1, 7), int(1, 13)];
        const [transA, transB] = [rng() < 0.5, rng() < 0.5];
        const dtype = rng() < 0.5 ? 'float64' : 'float32';
        const make = operands(rng, dtype);
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

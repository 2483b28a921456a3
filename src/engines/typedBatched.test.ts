/**
 * The blocked loops of attention's kernels against their definitions written as plainly as
 * possible (docs/generators.md, "batchMatmul"): every transpose, sizes off the four-wide
 * unrolling, float32 and float64 arenas. The oracles of src/engines/oracles.test.ts check the
 * same kernels through whole generators on small samples; these reach the unrolled paths.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { fcSeed } from '../testing/seed';
import { Arena } from './arena';
import { batchMatmulInto, batchMatmulShape, embedBackInto, layerNormInto } from './typedBatched';
import { TypedKernel } from './typedKernel';

const seed = fcSeed();
const size = fc.integer({ min: 1, max: 9 });
const values = (n: number) => fc.array(fc.double({ min: -2, max: 2, noNaN: true }), { minLength: n, maxLength: n });

/** op(x)[g, i, j] of a stack of r×c matrices, transposed when t. */
const at = (x: ArrayLike<number>, r: number, c: number, t: boolean) => (g: number, i: number, j: number) =>
  t ? x[g * r * c + j * c + i] : x[g * r * c + i * c + j];

test('batchMatmulInto is Σ_p op(a)[g,i,p]·op(b)[g,p,j] for every transpose and size', () => {
  const cases = fc
    .record({ g: fc.integer({ min: 1, max: 3 }), n: size, k: size, m: size, ta: fc.boolean(), tb: fc.boolean() })
    .chain((d) => fc.tuple(fc.constant(d), values(d.g * d.n * d.k), values(d.g * d.k * d.m)));
  fc.assert(
    fc.property(cases, ([{ g, n, k, m, ta, tb }, av, bv]) => {
      const aShape = [g, ...(ta ? [k, n] : [n, k])];
      const bShape = [g, ...(tb ? [m, k] : [k, m])];
      const dims = batchMatmulShape(aShape, bShape, ta, tb);
      expect(dims.shape).toEqual([g, n, m]);
      for (const Arr of [Float64Array, Float32Array]) {
        const a = Arr.from(av);
        const b = Arr.from(bv);
        const o = new Arr(g * n * m);
        batchMatmulInto(a, aShape[2], b, bShape[2], o, dims, ta, tb, new Float64Array(2 * m));
        const A = at(a, aShape[1], aShape[2], ta);
        const B = at(b, bShape[1], bShape[2], tb);
        for (let q = 0; q < g; q++)
          for (let i = 0; i < n; i++)
            for (let j = 0; j < m; j++) {
              let s = 0;
              for (let p = 0; p < k; p++) s += A(q, i, p) * B(q, p, j);
              expect(o[(q * n + i) * m + j]).toBeCloseTo(Arr === Float64Array ? s : Math.fround(s), 5);
            }
      }
    }),
    { seed, numRuns: 150 },
  );
});

test('softmax, layerNorm and the embedding scatter-add keep their definitions row by row', () => {
  const rows = fc
    .record({ r: fc.integer({ min: 1, max: 4 }), n: size })
    .chain((d) => fc.tuple(fc.constant(d), values(d.r * d.n)));
  fc.assert(
    fc.property(rows, ([{ r, n }, xs]) => {
      const k = new TypedKernel(new Arena('float64'));
      const s = k.softmax({ shape: [r, n], data: Float64Array.from(xs) }).data;
      const ln = new Float64Array(r * n);
      layerNormInto(Float64Array.from(xs), n, 1e-5, ln);
      for (let i = 0; i < r; i++) {
        const row = xs.slice(i * n, (i + 1) * n);
        const max = Math.max(...row);
        const z = row.reduce((t, v) => t + Math.exp(v - max), 0);
        const mean = row.reduce((t, v) => t + v, 0) / n;
        const sd = Math.sqrt(row.reduce((t, v) => t + (v - mean) ** 2, 0) / n + 1e-5);
        row.forEach((v, j) => {
          expect(s[i * n + j]).toBeCloseTo(Math.exp(v - max) / z, 12);
          expect(ln[i * n + j]).toBeCloseTo((v - mean) / sd, 10);
        });
      }
      // ids cycling through 3 rows: row q gets every change whose id is q
      const ids = Float64Array.from({ length: r }, (_, i) => i % 3);
      const out = new Float64Array(3 * n).fill(7);
      embedBackInto(ids, Float64Array.from(xs), n, out);
      for (let q = 0; q < 3; q++)
        for (let j = 0; j < n; j++) {
          let t = 0;
          for (let i = q; i < r; i += 3) t += xs[i * n + j];
          expect(out[q * n + j]).toBeCloseTo(t, 12);
        }
    }),
    { seed, numRuns: 100 },
  );
});

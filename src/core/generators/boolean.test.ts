/**
 * ℤ₂: on multilinear circuits (each variable at most once per product) the compositional R
 * equals the brute-force reverse derivative R[f](x, d)ᵢ = parity((f(x) ⊕ f(x ⊕ eᵢ)) ∧ d).
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { randomCircuit } from '../../testing/arbitrary';
import { evaluate, type Value } from '../../testing/numeric';
import { fcSeed } from '../../testing/seed';
import { box } from '../compose';
import { mulberry32 } from '../init';
import { explicitCopies } from '../normalise';
import { rdiff } from '../rdiff';
import { z2 } from '../wire';

const bitsOf = (n: number, width: number) => Array.from({ length: width }, (_, i) => (n >> i) & 1);
const column = (rows: number[][], i: number): Value => ({
  shape: [rows.length],
  data: Float64Array.from(rows.map((r) => r[i])),
});

test('compositional R = brute-force R on random multilinear circuits', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
      const rng = mulberry32(s);
      const [n, m] = [2 + Math.floor(rng() * 4), 1 + Math.floor(rng() * 2)];
      const f = rng() < 0.5 ? randomCircuit(rng, n, m) : explicitCopies(randomCircuit(rng, n, m));
      const xs = Array.from({ length: 2 ** n }, (_, k) => bitsOf(k, n));
      const ds = xs.map(() => Array.from({ length: m }, () => (rng() < 0.5 ? 0 : 1)));
      const run = (rows: number[][]) =>
        evaluate(
          f,
          rows[0].map((_, i) => column(rows, i)),
        );
      const fx = run(xs);
      const r = evaluate(rdiff(f), [...xs[0].map((_, i) => column(xs, i)), ...ds[0].map((_, j) => column(ds, j))]);
      return xs[0].every((_, i) => {
        const flipped = run(xs.map((x) => x.map((v, k) => (k === i ? 1 - v : v))));
        return xs.every((_, b) => {
          const brute = fx.reduce((acc, y, j) => acc ^ ((y.data[b] ^ flipped[j].data[b]) & ds[b][j]), 0);
          return r[i].data[b] === brute;
        });
      });
    }),
    { seed: fcSeed(), numRuns: 100 },
  );
});

test('over ℤ₂, R[copy] is xor: a wire used twice in a sum has zero change', () => {
  const f = randomCircuit(mulberry32(7), 2, 1);
  expect(rdiff(f).boxes.some((b) => b.gen === 'add')).toBe(false);
});

test('basis is the one-hot of the index its bits spell, and R[basis] the brute-force reverse, n = 1…4', () => {
  const rng = mulberry32(11);
  for (let n = 1; n <= 4; n++) {
    const f = box('basis', [z2([n])]);
    // every x, most significant bit first, as the truth tables of src/data/boolean.ts
    const xs = Array.from({ length: 2 ** n }, (_, k) => bitsOf(k, n).reverse());
    const value = (rows: number[][]): Value => ({
      shape: [rows.length, rows[0].length],
      data: Float64Array.from(rows.flat()),
    });
    const [y] = evaluate(f, [value(xs)]);
    expect(Array.from(y.data)).toEqual(xs.flatMap((_, k) => xs.map((_, j) => (j === k ? 1 : 0))));
    const ds = xs.map(() => Array.from({ length: 2 ** n }, () => (rng() < 0.5 ? 0 : 1)));
    const [r] = evaluate(rdiff(f), [value(xs), value(ds)]);
    const brute = xs.flatMap((x, b) =>
      x.map((_, i) => {
        const flipped = x.map((v, k) => (k === i ? 1 - v : v));
        const at = (bits: number[]) => bits.reduce((a, v) => a * 2 + v, 0);
        return ds[b][at(x)] ^ ds[b][at(flipped)];
      }),
    );
    expect(Array.from(r.data)).toEqual(brute);
  }
});

test('parity is the xor of every bit, batched or not, and R[parity] hands the change to every bit', () => {
  const rows = [
    [1, 0, 1],
    [1, 1, 1],
  ];
  const batched: Value = { shape: [2, 3], data: Float64Array.from(rows.flat()) };
  expect(Array.from(evaluate(box('parity', [z2([3])]), [batched])[0].data)).toEqual([0, 1]);
  const [r] = evaluate(rdiff(box('parity', [z2([3])])), [batched, { shape: [2], data: Float64Array.of(1, 0) }]);
  expect(Array.from(r.data)).toEqual([1, 1, 1, 0, 0, 0]);
  // An unbatched wire (a parameter) of 2×2 bits: one sum over both axes, no batch axis.
  const p = z2([2, 2], false);
  const bits: Value = { shape: [2, 2], data: Float64Array.of(1, 1, 0, 1) };
  expect(Array.from(evaluate(box('parity', [p]), [bits])[0].data)).toEqual([1]);
});

/**
 * Reverse derivatives of the generators whose R[f] carries a config or a kink, on small
 * hand-computed cases (float64 oracle): R[f](x, d) for a change d of the output.
 */
import { expect, test } from 'vitest';
import { evaluate, type Value } from '../../testing/numeric';
import { box, cod } from '../compose';
import type { Config } from '../diagram';
import { rdiff } from '../rdiff';
import { fullShape } from '../shape';
import { real, type WireType, z2 } from '../wire';

type Case = [gen: string, config: Config, inputs: [WireType, number[]][], changes: number[][], back: number[][]];
const r = (n: number) => real([n]);

const cases: Case[] = [
  // R[leakyRelu_α](x, d) = d where x > 0, α·d where x < 0: α reaches the reverse.
  ['leakyRelu', { alpha: 0.1 }, [[r(3), [-1, 2, -3]]], [[3, 5, 7]], [[0.3, 5, 0.7]]],
  ['leakyRelu', { alpha: 0.5 }, [[r(2), [-2, 4]]], [[2, 2]], [[1, 2]]],
  ['relu', {}, [[r(2), [-1, 2]]], [[3, 5]], [[0, 5]]],
  ['leakyStep', { alpha: 0.1 }, [[r(2), [-1, 2]]], [[3, 5]], [[0, 0]]],
  // Over ℤ₂, xor is +: its reverse copies the change to both inputs.
  [
    'xor',
    {},
    [
      [z2([4]), [0, 0, 1, 1]],
      [z2([4]), [0, 1, 0, 1]],
    ],
    [[1, 0, 1, 1]],
    [
      [1, 0, 1, 1],
      [1, 0, 1, 1],
    ],
  ],
];

test.each(cases)('R[%s] %j', (gen, config, inputs, changes, back) => {
  const f = box(
    gen,
    inputs.map(([t]) => t),
    config,
  );
  const values: Value[] = [
    ...inputs.map(([t, xs]) => ({ shape: fullShape(t, 1), data: Float64Array.from(xs) })),
    ...changes.map((ds, i) => ({ shape: fullShape(cod(f)[i], 1), data: Float64Array.from(ds) })),
  ];
  const got = evaluate(rdiff(f), values).map((v) => Array.from(v.data));
  expect(got.length).toBe(back.length);
  got.forEach((g, i) => {
    g.forEach((v, k) => {
      expect(v).toBeCloseTo(back[i][k], 12);
    });
  });
});

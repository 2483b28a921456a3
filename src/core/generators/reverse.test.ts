/**
 * Reverse derivatives on the float64 oracle: by hand for the rules that carry a config or a
 * kink (R[f](x, d) for a change d of the output), and for every real generator by the
 * inner-product check.
 */
import { expect, test } from 'vitest';
import { innerProductCheck } from '../../testing/checks';
import { evaluate, type Value } from '../../testing/numeric';
import { samples } from '../../testing/samples';
import { box, cod } from '../compose';
import type { Config } from '../diagram';
import { mulberry32 } from '../init';
import { rdiff } from '../rdiff';
import { fullShape } from '../shape';
import { real, type WireType, z2 } from '../wire';
import { allGenerators } from './index';

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

/*
 * Every registered generator's R[f] by the inner-product check on the float64 oracle, here in
 * the core beside the rules themselves (the engines repeat it against tfjs and tf.grad).
 */
const realCases = allGenerators().flatMap((g) =>
  (samples[g.id] ?? [])
    .filter((s) => s.inputs.every((t) => t.field === 'real'))
    .map((s, i) => ({ name: `${g.id}#${i}`, gen: g.id, ...s })),
);

test.each(realCases)('⟨J·t, c⟩ = ⟨t, R[f](x, c)⟩ for $name', (c) => {
  const f = box(c.gen, c.inputs, c.config);
  const rng = mulberry32(0x7e57 ^ c.name.length ^ c.gen.charCodeAt(0));
  const h = c.domain === 'awayFromZero' ? 1e-6 : 1e-5;
  expect(innerProductCheck(f, rng, { h, domains: c.inputs.map(() => c.domain) })).toBeLessThan(1e-6);
});

test('a term names α, so leaky relus of different slopes read apart', () => {
  expect(box('leakyRelu', [real([2])], { alpha: 0.1 }).term).toBe('leakyRelu[0.1]');
  expect(box('leakyStep', [real([2])], { alpha: 0.3 }).term).toBe('leakyStep[0.3]');
});

/**
 * Forward values of every generator on small hand-computed cases (batch of one unless the
 * wire is a parameter), on the float64 oracle.
 */
import { expect, test } from 'vitest';
import { evaluate, type Value } from '../../testing/numeric';
import { box } from '../compose';
import type { Config } from '../diagram';
import { fullShape } from '../shape';
import { param, real, type WireType, z2 } from '../wire';

type Case = [gen: string, config: Config, inputs: [WireType, number[]][], outputs: number[][]];
const r = (n: number) => real([n]);
const s = 1 / (1 + Math.exp(-1));

const cases: Case[] = [
  [
    'copy',
    { n: 3 },
    [[r(2), [1, -2]]],
    [
      [1, -2],
      [1, -2],
      [1, -2],
    ],
  ],
  ['discard', {}, [[r(2), [1, 2]]], []],
  [
    'swap',
    {},
    [
      [r(1), [1]],
      [r(2), [2, 3]],
    ],
    [[2, 3], [1]],
  ],
  ['zero', { shape: [2], batch: false }, [], [[0, 0]]],
  ['constant', { value: 2.5, shape: [2] }, [], [[2.5, 2.5]]],
  [
    'add',
    {},
    [
      [r(2), [1, 2]],
      [param([2]), [10, 20]],
    ],
    [[11, 22]],
  ],
  [
    'subtract',
    {},
    [
      [r(2), [1, 2]],
      [r(2), [3, 5]],
    ],
    [[-2, -3]],
  ],
  [
    'multiply',
    {},
    [
      [r(2), [2, 3]],
      [r(2), [4, -1]],
    ],
    [[8, -3]],
  ],
  // an unbatched scalar operand broadcasts over any shape, on either side
  [
    'multiply',
    {},
    [
      [param([]), [2]],
      [r(2), [4, -1]],
    ],
    [[8, -2]],
  ],
  [
    'subtract',
    {},
    [
      [param([2, 2]), [1, 2, 3, 4]],
      [param([]), [1]],
    ],
    [[0, 1, 2, 3]],
  ],
  ['negate', {}, [[r(2), [1, -2]]], [[-1, 2]]],
  ['scale', { c: 3 }, [[r(2), [1, -2]]], [[3, -6]]],
  ['sumBatch', {}, [[r(2), [1, 2]]], [[1, 2]]],
  // No batched input: the run's batch size is the oracle's default of 3.
  ['broadcastBatch', {}, [[param([2]), [1, 2]]], [[1, 2, 1, 2, 1, 2]]],
  [
    'linear',
    { in: 2, out: 3 },
    [
      [param([2, 3]), [1, 2, 3, 4, 5, 6]],
      [r(2), [1, -1]],
    ],
    [[-3, -3, -3]],
  ],
  [
    'linearT',
    { in: 2, out: 3 },
    [
      [param([2, 3]), [1, 2, 3, 4, 5, 6]],
      [r(3), [1, 0, -1]],
    ],
    [[-2, -2]],
  ],
  [
    'outer',
    { in: 2, out: 2 },
    [
      [r(2), [1, 2]],
      [r(2), [3, 4]],
    ],
    [[3, 4, 6, 8]],
  ],
  [
    'bias',
    {},
    [
      [param([2]), [0.5, -0.5]],
      [r(2), [1, 1]],
    ],
    [[1.5, 0.5]],
  ],
  [
    'matmul',
    {},
    [
      [param([1, 2]), [1, 2]],
      [param([2, 2]), [1, 2, 3, 4]],
    ],
    [[7, 10]],
  ],
  [
    'matmul',
    { transA: true },
    [
      [param([2, 1]), [1, 2]],
      [param([2, 2]), [1, 2, 3, 4]],
    ],
    [[7, 10]],
  ],
  // two heads, each a 1×2 by 2×1 product
  [
    'batchMatmul',
    {},
    [
      [real([2, 1, 2]), [1, 2, 5, 6]],
      [real([2, 2, 1]), [3, 4, 7, 8]],
    ],
    [[11, 83]],
  ],
  // QKᵀ: C[i][j] = q_i · k_j
  [
    'batchMatmul',
    { transB: true },
    [
      [real([2, 2]), [1, 0, 0, 2]],
      [real([2, 2]), [3, 4, 5, 6]],
    ],
    [[3, 5, 8, 12]],
  ],
  ['transpose', {}, [[real([2, 3]), [1, 2, 3, 4, 5, 6]]], [[1, 4, 2, 5, 3, 6]]],
  // split heads: [T=2, H=2, d=1] → [H, T, d]
  ['transpose', { perm: [1, 0, 2] }, [[real([2, 2, 1]), [1, 2, 3, 4]]], [[1, 3, 2, 4]]],
  // mean 2, variance 1 (biased): n = x − 2
  ['layerNorm', { eps: 0 }, [[real([2, 2]), [1, 3, 5, 7]]], [[-1, 1, -1, 1]]],
  // rows 2, 0, 2 of W; the scatter-add puts both changes of id 2 in row 2
  [
    'embedding',
    { vocab: 3, width: 2 },
    [
      [param([3, 2]), [1, 2, 3, 4, 5, 6]],
      [r(3), [2, 0, 2]],
    ],
    [[5, 6, 1, 2, 5, 6]],
  ],
  [
    'embeddingBack',
    { vocab: 3, width: 1 },
    [
      [r(3), [2, 0, 2]],
      [real([3, 1]), [1, 10, 100]],
    ],
    [[10, 0, 101]],
  ],
  ['sigmoid', {}, [[r(2), [0, 1]]], [[0.5, s]]],
  ['tanh', {}, [[r(2), [0, 1]]], [[0, Math.tanh(1)]]],
  ['relu', {}, [[r(3), [-1, 0, 2]]], [[0, 0, 2]]],
  ['leakyRelu', { alpha: 0.1 }, [[r(2), [-1, 2]]], [[-0.1, 2]]],
  ['exp', {}, [[r(2), [0, 1]]], [[1, Math.E]]],
  ['log', {}, [[r(2), [1, Math.E]]], [[0, 1]]],
  ['square', {}, [[r(2), [-3, 2]]], [[9, 4]]],
  ['softplus', {}, [[r(2), [0, 1]]], [[Math.log(2), Math.log(1 + Math.E)]]],
  ['reciprocal', {}, [[r(2), [2, -4]]], [[0.5, -0.25]]],
  ['sqrt', {}, [[r(2), [4, 9]]], [[2, 3]]],
  ['step', {}, [[r(3), [-1, 0, 2]]], [[0, 0, 1]]],
  ['leakyStep', { alpha: 0.1 }, [[r(2), [-1, 2]]], [[0.1, 1]]],
  ['erf', {}, [[r(4), [0, 1, -2, 7]]], [[0, 0.8427007929497149, -0.9953222650189527, 1]]],
  ['gelu', {}, [[r(3), [0, 1, -1]]], [[0, 0.8413447460685429, -0.15865525393145707]]],
  ['gelu', { approximate: 'tanh' }, [[r(2), [0, 1]]], [[0, 0.8411919906082768]]],
  ['elu', { alpha: 1 }, [[r(3), [-1, 0, 2]]], [[Math.exp(-1) - 1, 0, 2]]],
  ['clip', { min: 0, max: 6 }, [[r(3), [-1, 3, 7]]], [[0, 3, 6]]],
  ['inside', { min: 0, max: 6 }, [[r(3), [-1, 3, 7]]], [[0, 1, 0]]],
  ['sumFeatures', {}, [[real([2, 2]), [1, 2, 3, 4]]], [[10]]],
  ['sumFeatures', { axis: 0 }, [[real([2, 2]), [1, 2, 3, 4]]], [[4, 6]]],
  ['broadcast', { shape: [2, 2], axis: 1 }, [[r(2), [1, 2]]], [[1, 1, 2, 2]]],
  ['reshape', { shape: [2, 1] }, [[r(2), [1, 2]]], [[1, 2]]],
  ['flatten', {}, [[real([2, 2]), [1, 2, 3, 4]]], [[1, 2, 3, 4]]],
  [
    'concat',
    {},
    [
      [r(1), [1]],
      [r(2), [2, 3]],
    ],
    [[1, 2, 3]],
  ],
  ['split', { sizes: [2, 1] }, [[r(3), [1, 2, 3]]], [[1, 2], [3]]],
  ['softmax', {}, [[r(2), [0, Math.log(3)]]], [[0.25, 0.75]]],
  // along the first axis: each column normalised
  ['softmax', { axis: 0 }, [[real([2, 2]), [0, 5, Math.log(3), 5]]], [[0.25, 0.5, 0.75, 0.5]]],
  // causal: row i weighs only positions j ≤ i, whatever the later logits
  ['softmax', { causal: true }, [[real([2, 2]), [7, 100, 0, Math.log(3)]]], [[1, 0, 0.25, 0.75]]],
  [
    'correlate2d',
    {},
    [
      [param([2, 2, 1, 1]), [1, 0, 0, -1]],
      [real([2, 3, 1]), [1, 2, 3, 4, 5, 6]],
    ],
    [[-4, -4]],
  ],
  [
    'conv2dBackInput',
    {},
    [
      [param([1, 2, 1, 1]), [1, 2]],
      [real([1, 1, 1]), [3]],
    ],
    [[3, 6]],
  ],
  [
    'conv2dBackFilter',
    {},
    [
      [real([1, 2, 1]), [1, 2]],
      [real([1, 1, 1]), [3]],
    ],
    [[3, 6]],
  ],
  // one zero row on top, every second row: rows 0 and 2 of the padded image
  [
    'correlate2d',
    { pads: [1, 0, 0, 0], strides: [2, 1] },
    [
      [param([1, 1, 1, 1]), [2]],
      [real([2, 3, 1]), [1, 2, 3, 4, 5, 6]],
    ],
    [[0, 0, 0, 8, 10, 12]],
  ],
  // depthwise: each channel by its own filter
  [
    'correlate2d',
    { groups: 2 },
    [
      [param([1, 1, 1, 2]), [2, 10]],
      [real([1, 1, 2]), [3, 5]],
    ],
    [[6, 50]],
  ],
  // a 2×2 window dilated to span 3 columns
  [
    'correlate2d',
    { dilations: [1, 2] },
    [
      [param([1, 2, 1, 1]), [1, 1]],
      [real([1, 3, 1]), [1, 2, 4]],
    ],
    [[5]],
  ],
  ['maxPool2d', { k: 2 }, [[real([2, 2, 1]), [1, 4, 3, 2]]], [[4]]],
  ['maxPool2d', { k: 2, stride: 1 }, [[real([2, 3, 1]), [1, 4, 2, 3, 0, 5]]], [[4, 5]]],
  // padding is never the maximum, even of negative values
  ['maxPool2d', { k: 2, pads: [1, 0, 1, 0] }, [[real([1, 1, 1]), [-3]]], [[-3]]],
  ['channelMean', {}, [[real([2, 1]), [1, 3]]], [[2, 2]]],
  ['batchNorm', { epsilon: 0 }, [[real([2, 1]), [1, 3]]], [[-1, 1]]],
  [
    'maxPoolBack',
    { k: 2 },
    [
      [real([2, 2, 1]), [1, 4, 3, 2]],
      [real([1, 1, 1]), [7]],
    ],
    [[0, 7, 0, 0]],
  ],
  [
    'maxPoolSelect',
    { k: 2 },
    [
      [real([2, 2, 1]), [1, 4, 3, 2]],
      [real([2, 2, 1]), [5, 6, 7, 8]],
    ],
    [[6]],
  ],
  [
    'xor',
    {},
    [
      [z2([4]), [0, 0, 1, 1]],
      [z2([4]), [0, 1, 0, 1]],
    ],
    [[0, 1, 1, 0]],
  ],
  [
    'and',
    {},
    [
      [z2([4]), [0, 0, 1, 1]],
      [z2([4]), [0, 1, 0, 1]],
    ],
    [[0, 0, 0, 1]],
  ],
  ['not', {}, [[z2([2]), [0, 1]]], [[1, 0]]],
  ['one', { shape: [2] }, [], [[1, 1]]],
  ['parity', {}, [[z2([3]), [1, 1, 1]]], [[1]]],
  ['basis', {}, [[z2([3]), [1, 1, 0]]], [[0, 0, 0, 0, 0, 0, 1, 0]]],
];

test.each(cases)('%s %j', (gen, config, inputs, outputs) => {
  const d = box(
    gen,
    inputs.map(([t]) => t),
    config,
  );
  const values: Value[] = inputs.map(([t, xs]) => ({
    shape: fullShape(t, 1),
    data: Float64Array.from(xs),
  }));
  const got = evaluate(d, values).map((v) => Array.from(v.data));
  expect(got.length).toBe(outputs.length);
  got.forEach((g, i) => {
    g.forEach((v, k) => {
      expect(v).toBeCloseTo(outputs[i][k], 12);
    });
  });
});

test('every generator has a hand-computed case', async () => {
  const { allGenerators } = await import('./index');
  const covered = new Set(cases.map(([g]) => g));
  expect(
    allGenerators()
      .filter((g) => !covered.has(g.id))
      .map((g) => g.id),
  ).toEqual([]);
});

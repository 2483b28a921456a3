/**
 * One or more typed sample cases for every generator: a config, input types, and where the
 * inputs may be drawn from (away from kinks, positive for log/sqrt). The generator tests run
 * every oracle on each case; a test fails if a registered generator has no case here.
 */
import type { Config } from '../core/diagram';
import { param, real, type WireType, z2 } from '../core/wire';
import type { Domain } from './numeric';

export interface Sample {
  readonly config: Config;
  readonly inputs: readonly WireType[];
  readonly domain?: Domain;
}

const v = (n: number) => real([n]);
const img = (h: number, w: number, c: number) => real([h, w, c]);
const unary = (domain?: Domain): Sample[] => [
  { config: {}, inputs: [v(3)], domain },
  { config: {}, inputs: [real([2, 2], false)], domain },
];
const binary: Sample[] = [
  { config: {}, inputs: [v(3), v(3)] },
  { config: {}, inputs: [v(2), real([2], false)] },
  { config: {}, inputs: [real([2], false), v(2)] },
  // an unbatched scalar against any shape: its change is summed over every broadcast axis
  { config: {}, inputs: [param([]), v(3)] },
  { config: {}, inputs: [real([2, 3]), param([])] },
  { config: {}, inputs: [param([]), param([2, 2])] },
  { config: {}, inputs: [real([]), param([])] },
];
const bits: Sample[] = [
  { config: {}, inputs: [z2([3]), z2([3])] },
  { config: {}, inputs: [z2([2]), z2([2], false)] },
  { config: {}, inputs: [z2([], false), z2([3])] },
];

export const samples: Record<string, readonly Sample[]> = {
  copy: [
    { config: { n: 3 }, inputs: [v(2)] },
    { config: {}, inputs: [z2([2])] },
  ],
  discard: [{ config: {}, inputs: [v(2)] }],
  swap: [{ config: {}, inputs: [v(2), param([2, 1])] }],
  zero: [{ config: { shape: [2] }, inputs: [] }],
  constant: [{ config: { value: 2.5, shape: [2] }, inputs: [] }],
  add: binary,
  subtract: binary,
  multiply: binary,
  negate: unary(),
  scale: [{ config: { c: -1.5 }, inputs: [v(3)] }],
  sumBatch: [{ config: {}, inputs: [v(2)] }],
  broadcastBatch: [{ config: {}, inputs: [param([2])] }],
  linear: [
    { config: { in: 3, out: 2 }, inputs: [param([3, 2]), v(3)] },
    { config: { in: 2, out: 2 }, inputs: [param([2, 2]), real([2], false)] },
  ],
  linearT: [{ config: { in: 3, out: 2 }, inputs: [param([3, 2]), v(2)] }],
  outer: [
    { config: { in: 3, out: 2 }, inputs: [v(3), v(2)] },
    { config: { in: 2, out: 3 }, inputs: [real([2], false), real([3], false)] },
  ],
  bias: [{ config: {}, inputs: [param([3]), v(3)] }],
  matmul: [
    { config: {}, inputs: [param([2, 3]), param([3, 2])] },
    { config: { transA: true }, inputs: [param([3, 2]), param([3, 4])] },
    { config: { transB: true }, inputs: [param([2, 3]), param([4, 3])] },
    { config: { transA: true, transB: true }, inputs: [param([3, 2]), param([4, 3])] },
  ],
  batchMatmul: [
    { config: {}, inputs: [real([2, 3]), real([3, 4])] },
    { config: { transA: true }, inputs: [real([2, 3, 2]), real([2, 3, 4])] },
    { config: { transB: true }, inputs: [real([2, 3]), real([4, 3])] },
    { config: { transA: true, transB: true }, inputs: [real([3, 2], false), real([4, 3], false)] },
  ],
  sigmoid: unary(),
  tanh: unary(),
  relu: unary('awayFromZero'),
  leakyRelu: [{ config: { alpha: 0.1 }, inputs: [v(3)], domain: 'awayFromZero' }],
  exp: unary(),
  log: unary('positive'),
  square: unary(),
  softplus: unary(),
  reciprocal: unary('positive'),
  sqrt: unary('positive'),
  step: unary('awayFromZero'),
  leakyStep: [{ config: { alpha: 0.3 }, inputs: [v(3)], domain: 'awayFromZero' }],
  erf: unary(),
  gelu: [...unary(), { config: { approximate: 'tanh' }, inputs: [v(3)] }],
  elu: [{ config: { alpha: 0.7 }, inputs: [v(3)], domain: 'awayFromZero' }],
  // awayFromZero draws from ±[0.2, 1.2]: each case keeps the edges outside that, one passing
  // the negative values and clipping the positive, the other the reverse
  clip: [
    { config: { min: -1.5, max: 0.1 }, inputs: [v(3)], domain: 'awayFromZero' },
    { config: { min: -0.1, max: 1.5 }, inputs: [real([2, 2], false)], domain: 'awayFromZero' },
  ],
  inside: [{ config: { min: -0.1, max: 1.5 }, inputs: [v(3)], domain: 'awayFromZero' }],
  sumFeatures: [
    { config: {}, inputs: [real([2, 3])] },
    { config: { axis: 1 }, inputs: [real([2, 3])] },
  ],
  broadcast: [
    { config: { shape: [2, 3] }, inputs: [real([])] },
    { config: { shape: [2, 3], axis: 0 }, inputs: [real([3])] },
  ],
  reshape: [{ config: { shape: [3, 2] }, inputs: [real([2, 3])] }],
  flatten: [{ config: {}, inputs: [real([2, 2])] }],
  transpose: [
    { config: {}, inputs: [real([2, 3])] },
    { config: { perm: [1, 2, 0] }, inputs: [real([2, 3, 2])] },
    { config: { perm: [2, 0, 1] }, inputs: [real([2, 1, 3], false)] },
  ],
  concat: [
    { config: { n: 3 }, inputs: [v(1), v(2), v(2)] },
    { config: {}, inputs: [real([2, 1], false), real([2, 2], false)] },
  ],
  split: [{ config: { sizes: [1, 3] }, inputs: [v(4)] }],
  softmax: [
    { config: {}, inputs: [v(4)] },
    { config: {}, inputs: [real([2, 3])] },
    { config: { axis: 0 }, inputs: [real([3, 2])] },
    { config: { causal: true }, inputs: [real([2, 3, 3])] },
    { config: { axis: 1, causal: true }, inputs: [real([3, 2], false)] },
  ],
  embedding: [
    { config: { vocab: 4, width: 2 }, inputs: [param([4, 2]), real([3])], domain: 'index' },
    { config: { vocab: 3, width: 3 }, inputs: [param([3, 3]), real([])], domain: 'index' },
  ],
  embeddingBack: [
    { config: { vocab: 4, width: 2 }, inputs: [real([3]), real([3, 2])], domain: 'index' },
    { config: { vocab: 3, width: 2 }, inputs: [real([2], false), real([2, 2], false)], domain: 'index' },
  ],
  layerNorm: [
    { config: {}, inputs: [v(4)] },
    { config: { eps: 0.1 }, inputs: [real([2, 3])] },
    { config: {}, inputs: [real([2, 3], false)] },
  ],
  channelMean: [
    { config: {}, inputs: [v(3)] },
    { config: {}, inputs: [img(2, 3, 2)] },
  ],
  batchNorm: [
    { config: {}, inputs: [v(3)] },
    { config: { epsilon: 0.01 }, inputs: [img(2, 2, 3)] },
  ],
  correlate2d: [
    { config: {}, inputs: [param([2, 2, 2, 3]), img(4, 3, 2)] },
    // padding per side, stride and dilation along different axes; a stride that drops a row
    { config: { pads: [1, 0, 2, 1], strides: [2, 1], dilations: [1, 2] }, inputs: [param([2, 2, 2, 3]), img(5, 4, 2)] },
    // depthwise (one input channel per group, two outputs each), padded and strided
    { config: { pads: [1, 1, 1, 1], strides: [2, 2], groups: 2 }, inputs: [param([3, 3, 1, 4]), img(4, 5, 2)] },
    // two groups of two channels, dilated
    { config: { dilations: [2, 1], groups: 2 }, inputs: [param([2, 2, 2, 4]), img(4, 3, 4)] },
  ],
  conv2dBackInput: [
    { config: {}, inputs: [param([2, 2, 2, 3]), img(3, 2, 3)] },
    {
      config: { pads: [1, 0, 2, 1], strides: [2, 1], dilations: [1, 2], inSize: [5, 4] },
      inputs: [param([2, 2, 2, 3]), img(3, 5, 3)],
    },
    { config: { pads: [1, 1, 1, 1], strides: [2, 2], groups: 2 }, inputs: [param([3, 3, 1, 4]), img(2, 3, 4)] },
  ],
  conv2dBackFilter: [
    { config: {}, inputs: [img(4, 3, 2), img(3, 2, 3)] },
    {
      config: { pads: [1, 0, 2, 1], strides: [2, 1], dilations: [1, 2], kernel: [2, 2] },
      inputs: [img(5, 4, 2), img(3, 5, 3)],
    },
    {
      config: { pads: [1, 1, 1, 1], strides: [2, 2], groups: 2, kernel: [3, 3] },
      inputs: [img(4, 5, 2), img(2, 3, 4)],
    },
  ],
  maxPool2d: [
    { config: { k: 2 }, inputs: [img(4, 5, 2)] },
    // overlapping windows reaching into the padding (torch's MaxPool2d(3, 2, 1))
    { config: { k: 3, stride: 2, pads: [1, 1, 1, 0] }, inputs: [img(5, 4, 2)] },
  ],
  maxPoolBack: [
    { config: { k: 2 }, inputs: [img(4, 4, 2), img(2, 2, 2)] },
    { config: { k: 3, stride: 2, pads: [1, 1, 1, 0] }, inputs: [img(5, 4, 2), img(3, 2, 2)] },
  ],
  maxPoolSelect: [
    { config: { k: 2 }, inputs: [img(4, 4, 2), img(4, 4, 2)] },
    { config: { k: 3, stride: 2, pads: [1, 1, 1, 0] }, inputs: [img(5, 4, 2), img(5, 4, 2)] },
  ],
  xor: bits,
  and: bits,
  not: [{ config: {}, inputs: [z2([3])] }],
  one: [{ config: { shape: [2] }, inputs: [] }],
  parity: [{ config: {}, inputs: [z2([4])] }],
  basis: [
    { config: {}, inputs: [z2([1])] },
    { config: {}, inputs: [z2([3])] },
  ],
};

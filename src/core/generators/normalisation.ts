/**
 * Batch normalisation in training mode (docs/generators.md, batchNorm): each channel (the last
 * axis) normalised by the mean and variance of the batch, over the batch and every position.
 * Its learnt scale γ and shift β are ordinary per-channel multiply and bias boxes after it, as
 * a dense layer is linear ; bias. The running statistics torch keeps for inference are not state
 * here: a trained diagram normalises by its batch, and an ONNX model in eval mode imports as the
 * per-channel affine map its statistics fold into (docs/export.md, "Import back").
 *
 *   channelMean(x) = each entry replaced by its channel's mean: a linear projection equal to its
 *                    own transpose, so R[channelMean](x, d) = channelMean(d)
 *   R[batchNorm](x, d) = s⁻¹·(d − m(d) − x̂·m(d·x̂)), x̂ = (x − m(x))·s⁻¹, s = √(m((x − m(x))²) + ε)
 * where m is channelMean, drawn with channelMean, subtract, multiply, sqrt and reciprocal.
 */
import type { Config } from '../diagram';
import type { Kernel } from '../kernel';
import { real, type WireType } from '../wire';
import { defineGenerator } from './define';
import { check, checkField } from './types';

function channels(gen: string, t: WireType): void {
  checkField(gen, 'x', t, 'real');
  check(gen, 'x', t, t.batch && t.shape.length >= 1, 'a batched wire ℝ^{…×c} (channels last)');
}

/** Each entry of x replaced by the mean of its channel (last axis) over the batch and every other axis. */
function meanOf<T>(k: Kernel<T>, x: T): T {
  const shape = k.shape(x);
  const lead = shape.slice(0, -1);
  const n = lead.reduce((a, b) => a * b, 1);
  const sums = k.sum(
    x,
    lead.map((_, i) => i),
  );
  const kept = k.reshape(sums, [...lead.map(() => 1), shape[shape.length - 1]]);
  return k.scale(k.broadcastAxes(kept, shape), 1 / n);
}

export const channelMean = defineGenerator({
  family: 'linear',
  id: 'channelMean',
  doc: {
    forward: 'y[b, …, ch] = (1/n) Σ_{b′, …} x[b′, …, ch], n the batch size times the positions per channel',
    reverse: 'x′ = channelMean(d): the projection is its own transpose',
    example: { inputs: [real([2, 2])] },
  },
  description: "Each entry replaced by its channel's mean over the batch and every position (channels last).",
  symbol: 'μ',
  inputs: ['x'],
  outputs: ['y'],
  type(_c, [x]) {
    channels('channelMean', x);
    return [x];
  },
  forward: (k, _c, [x]) => [meanOf(k, x)],
  reverse: (b, _x, [d]) => [b.op('channelMean', [d])],
});

const eps = (c: Config) => c.epsilon as number;

export const batchNorm = defineGenerator({
  family: 'linear',
  id: 'batchNorm',
  doc: {
    forward:
      'y = (x − m(x)) / √(m((x − m(x))²) + ε), m = channelMean: each channel (last axis) normalised by its batch mean and (biased) variance; no running statistics are kept',
    reverse: 'x′ = s⁻¹·(d − m(d) − y·m(d·y)), s = √(m((x − m(x))²) + ε)',
    example: { config: { epsilon: 1e-5 }, inputs: [real([2, 2])] },
  },
  description:
    'Batch normalisation (training mode): each channel by its batch mean and variance; γ and β are a multiply and a bias after it.',
  symbol: 'BN',
  configFields: [{ key: 'epsilon', label: 'ε', kind: 'number', min: 0, max: 1, default: 1e-5 }],
  inputs: ['x'],
  outputs: ['y'],
  type(_c, [x]) {
    channels('batchNorm', x);
    return [x];
  },
  forward(k, c, [x]) {
    const centred = k.binary('sub', x, meanOf(k, x));
    const variance = meanOf(k, k.unary('square', centred));
    const inv = k.unary('reciprocal', k.unary('sqrt', k.binary('add', variance, k.fill([], eps(c)))));
    return [k.binary('mul', centred, inv)];
  },
  reverse(b, [x], [d], c) {
    const centred = b.op('subtract', [x, b.op('channelMean', [x])]);
    const variance = b.op('channelMean', [b.op('multiply', [centred, centred])]);
    const e = b.op('constant', [], { value: eps(c), shape: [], batch: false });
    const inv = b.op('reciprocal', [b.op('sqrt', [b.op('add', [variance, e])])]);
    const y = b.op('multiply', [centred, inv]);
    const spread = b.op('multiply', [y, b.op('channelMean', [b.op('multiply', [d, y])])]);
    const rest = b.op('subtract', [b.op('subtract', [d, b.op('channelMean', [d])]), spread]);
    return [b.op('multiply', [rest, inv])];
  },
  termLabel: (c) => (eps(c) === 1e-5 ? 'batchNorm' : `batchNorm[ε ${eps(c)}]`),
});

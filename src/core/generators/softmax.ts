/**
 * Softmax along a chosen feature axis (the last by default), optionally causal: before the
 * softmax, every entry [… i, j] of the last two axes with j > i is −∞, so position i gives no
 * weight to later positions (a decoder's self-attention).
 *
 * R(x, d) = s ⊙ (d − ⟨d, s⟩) with s = softmax(x), the inner product along the axis, broadcast
 * back: R centres the change, taking from it its mean under the weights s, because adding one
 * number to every logit along the axis leaves s unchanged. A masked entry has s = 0, so its
 * change is 0. The rule is a diagram of multiply, sumFeatures, broadcast and subtract, and s is
 * shared with the forward box by CSE.
 */
import type { Config } from '../diagram';
import type { Kernel } from '../kernel';
import type { WireType } from '../wire';
import { real } from '../wire';
import { defineGenerator } from './define';
import { check, checkField, configFail } from './types';

/** The feature axis the softmax runs along: `axis`, or the last when −1. */
const axisOf = (c: Config, t: WireType) => ((c.axis as number) < 0 ? t.shape.length - 1 : (c.axis as number));

/** The full-shape permutation swapping the softmax axis with the last (its own inverse). */
function swapToLast(t: WireType, axis: number): number[] | undefined {
  const rank = t.shape.length + (t.batch ? 1 : 0);
  const a = axis + (t.batch ? 1 : 0);
  if (a === rank - 1) return undefined;
  return Array.from({ length: rank }, (_, i) => (i === a ? rank - 1 : i === rank - 1 ? a : i));
}

function forward<T>(k: Kernel<T>, c: Config, x: T, t: WireType): T {
  const masked = c.causal ? k.causalMask(x) : x;
  const perm = swapToLast(t, axisOf(c, t));
  return perm ? k.transpose(k.softmax(k.transpose(masked, perm)), perm) : k.softmax(masked);
}

/** `softmax`, `softmax[masked]` when causal, `softmax[axis 0]` along another axis than the last. */
function label(c: Config): string {
  const notes = [...(c.causal ? ['masked'] : []), ...((c.axis as number) >= 0 ? [`axis ${c.axis}`] : [])];
  return notes.length ? `softmax[${notes.join(', ')}]` : 'softmax';
}

export const softmax = defineGenerator({
  id: 'softmax',
  doc: {
    forward:
      'y_i = e^(x_i) / Σ_j e^(x_j) along feature axis `axis` (the last when −1); when causal, x[…, i, j] is −∞ wherever j > i (the last two axes) first',
    reverse:
      'x′ = s ⊙ (d − ⟨d, s⟩), s = softmax(x), the inner product along the axis: the change centred by its mean under s (0 at masked entries)',
    example: { inputs: [real([3])] },
  },
  family: 'activation',
  description: 'Normalised exponentials along one feature axis, optionally with a causal mask.',
  symbol: 'softmax',
  configFields: [
    { key: 'axis', label: 'axis (−1: last)', kind: 'int', min: -1, max: 8, default: -1 },
    { key: 'causal', label: 'causal mask', kind: 'boolean', default: false },
  ],
  inputs: ['x'],
  outputs: ['y'],
  type(c, [x]) {
    checkField('softmax', 'x', x, 'real');
    check('softmax', 'x', x, x.shape.length >= 1, 'a real wire with at least one feature axis');
    const axis = c.axis as number;
    if (axis >= x.shape.length) configFail('softmax', 'axis', `−1 ≤ axis < ${x.shape.length}`, axis);
    if (c.causal) {
      if (axisOf(c, x) !== x.shape.length - 1)
        configFail('softmax', 'causal', 'false unless the softmax runs along the last axis', c.causal);
      check('softmax', 'x', x, x.shape.length >= 2, 'a wire of at least two feature axes (queries × keys) when causal');
    }
    return [x];
  },
  forward: (k, c, xs, ts) => [forward(k, c, xs[0], ts[0])],
  termLabel: (c) => label(c),
  reverse(b, [x], [d], c) {
    const shape = b.typeOf(x).shape;
    const axis = axisOf(c, b.typeOf(x));
    const s = b.op('softmax', [x], c);
    const inner = b.op('sumFeatures', [b.op('multiply', [d, s])], { axis });
    const spread = b.op('broadcast', [inner], { shape, axis });
    return [b.op('multiply', [s, b.op('subtract', [d, spread])])];
  },
});

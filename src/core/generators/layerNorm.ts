/**
 * Layer normalisation over the last feature axis, without learnt parameters:
 * n = (x − μ)/√(σ² + ε), μ and σ² (biased) the mean and variance of each row.
 *
 * The learnt γ and β of a LayerNorm are drawn as their own boxes after it (multiply by γ, bias
 * by β, each a parameter broadcast along the positions), not as ports of this one: they are then
 * the same Para boxes as every other weight (initialised, tied, exported and animated as such),
 * the pointwise multiply and add fuse with their neighbours, and this box stays a map with a
 * reverse that needs no parameter. The cost is two boxes more per LayerNorm.
 *
 * R(x, d) = r ⊙ (d − mean(d) − n ⊙ mean(d ⊙ n)), r = 1/√(σ² + ε): the change centred, and its
 * component along n removed, then scaled. Drawn with sumFeatures, broadcast, scale, square,
 * sqrt and reciprocal, so R[R[layerNorm]] exists; n is the forward box, shared by CSE.
 */
import type { Config } from '../diagram';
import type { RuleBuilder } from '../generator';
import { real, type WireType } from '../wire';
import { defineGenerator } from './define';
import { check, checkField } from './types';

const eps = (c: Config) => c.eps as number;

/** The mean of v along the last axis, broadcast back to v's shape. */
function rowMean(b: RuleBuilder, v: number, t: WireType): number {
  const axis = t.shape.length - 1;
  const sum = b.op('sumFeatures', [v], { axis });
  return b.op('broadcast', [b.op('scale', [sum], { c: 1 / t.shape[axis] })], { shape: t.shape, axis });
}

export const layerNorm = defineGenerator({
  id: 'layerNorm',
  doc: {
    forward: 'n = (x − μ)/√(σ² + eps) along the last feature axis, μ and σ² that axis’s mean and (biased) variance',
    reverse: 'x′ = r ⊙ (d − mean(d) − n ⊙ mean(d ⊙ n)), r = 1/√(σ² + eps), the means along the last axis',
    example: { inputs: [real([2, 3])] },
  },
  family: 'activation',
  description: 'Normalises each row of the last axis to mean 0 and variance 1 (LayerNorm without γ, β).',
  symbol: 'LN',
  configFields: [{ key: 'eps', label: 'ε', kind: 'number', min: 0, max: 1, default: 1e-5 }],
  inputs: ['x'],
  outputs: ['n'],
  type(_c, [x]) {
    checkField('layerNorm', 'x', x, 'real');
    check('layerNorm', 'x', x, x.shape.length >= 1, 'a real wire with at least one feature axis');
    return [x];
  },
  forward: (k, c, xs) => [k.layerNorm(xs[0], eps(c))],
  reverse(b, [x], [d], c) {
    const t = b.typeOf(x);
    const n = b.op('layerNorm', [x], c);
    const centred = b.op('subtract', [x, rowMean(b, x, t)]);
    const variance = rowMean(b, b.op('square', [centred]), t);
    const epsilon = b.op('constant', [], { value: eps(c), shape: [], batch: false });
    const r = b.op('reciprocal', [b.op('sqrt', [b.op('add', [variance, epsilon])])]);
    const along = b.op('multiply', [n, rowMean(b, b.op('multiply', [d, n]), t)]);
    return [b.op('multiply', [r, b.op('subtract', [b.op('subtract', [d, rowMean(b, d, t)]), along])])];
  },
});

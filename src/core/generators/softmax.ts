/**
 * Softmax over the last feature axis. R(x, d) = s ⊙ (d − ⟨d, s⟩) with s = softmax(x): the
 * inner product is a sum over the last axis broadcast back, so the rule is a diagram of
 * multiply, sumFeatures, broadcast and subtract, and s is shared with the forward box by CSE.
 */

import { real } from '../wire';
import { elementwise } from './helpers';
import { check } from './types';

const base = elementwise(
  {
    id: 'softmax',
    doc: {
      forward: 'y_i = e^(x_i) / Σ_j e^(x_j) over the last feature axis',
      reverse: 'x′ = s ⊙ (d − ⟨d, s⟩), s = softmax(x), the inner product over the last axis',
      example: { inputs: [real([3])] },
    },
    description: 'Normalised exponentials over the last feature axis.',
    symbol: 'softmax',
    apply: (k, x) => k.softmax(x),
  },
  (b, x, d) => {
    const shape = b.typeOf(x).shape;
    const axis = shape.length - 1;
    const s = b.op('softmax', [x]);
    const inner = b.op('sumFeatures', [b.op('multiply', [d, s])], { axis });
    const spread = b.op('broadcast', [inner], { shape, axis });
    return b.op('multiply', [s, b.op('subtract', [d, spread])]);
  },
);

export const softmax = {
  ...base,
  type: (c: Parameters<typeof base.type>[0], inputs: Parameters<typeof base.type>[1]) => {
    const [x] = base.type(c, inputs);
    check('softmax', 'x', x, x.shape.length >= 1, 'a real wire with at least one feature axis');
    return [x];
  },
};

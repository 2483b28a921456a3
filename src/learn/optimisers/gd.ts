/**
 * Gradient descent: put(p, p') = p + p'. With α = −ε this is p − ε∇; over ℤ₂ the sum is xor,
 * and with α = id it is Reverse Derivative Ascent.
 */

import { optimiserKind } from '../../kinds/optimisers';
import { add, dp, p } from './textbook';
import { defineOptimiser } from './types';

export const gd = defineOptimiser({
  ...optimiserKind('gd'),
  textbook: [{ name: 'p⁺', expr: add(p, dp), out: 'p' }],
  cap: 'learning-rate',
  state: [],
  get: (_b, p) => p,
  put: (b, p, _s, dp) => ({ p: b.op(b.typeOf(p).field === 'z2' ? 'xor' : 'add', [p, dp]), s: [] }),
});

/**
 * Gradient descent: put(p, p') = p + p'. With α = −ε this is p − ε∇; over ℤ₂ the sum is xor,
 * and with α = id it is Reverse Derivative Ascent.
 */
import { add, dp, p } from './textbook';
import { defineOptimiser } from './types';

export const gd = defineOptimiser({
  kind: 'gd',
  label: 'gradient descent',
  textbook: [{ name: 'p⁺', expr: add(p, dp), out: 'p' }],
  hypers: ['learningRate'],
  cap: 'learning-rate',
  state: [],
  get: (_b, p) => p,
  put: (b, p, _s, dp) => ({ p: b.op(b.typeOf(p).field === 'z2' ? 'xor' : 'add', [p, dp]), s: [] }),
});

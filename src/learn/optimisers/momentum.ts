/**
 * Momentum: s⁺ = γs + p', p⁺ = p + s⁺. With α = −ε, s is −ε times tfjs's (Keras's)
 * accumulator, so the parameters follow `tf.train.momentum` exactly while ε is constant.
 *
 * Nesterov is the same put with get p̃ = p + γs: the gradient is read at the look-ahead point.
 * tfjs's `useNesterov` keeps that look-ahead point as its variable instead: its parameter is
 * our p̃, step for step (the two differ by a change of variables, not in the path they take).
 */

import { optimiserKind } from '../../kinds/optimisers';
import { times } from '../wiring';
import { add, dp, hyper, line, mul, p, state } from './textbook';
import { defineOptimiser, type OptimiserLens, wire } from './types';

const s = state('velocity', 's');
/** s⁺ = γs + p′, p⁺ = p + s⁺: the put below, as the textbook writes it. */
const putLines = [
  { name: 's⁺', expr: add(mul(hyper('momentum'), s), dp), out: { state: 'velocity' } },
  { name: 'p⁺', expr: add(p, line('s⁺')), out: 'p' },
] as const;

const put: OptimiserLens['put'] = (b, p, [s], dp, h) => {
  const s1 = b.op('add', [times(b, wire(h, 'momentum'), s), dp]);
  return { p: b.op('add', [p, s1]), s: [s1] };
};

export const momentum = defineOptimiser({
  ...optimiserKind('momentum'),
  textbook: putLines,
  cap: 'learning-rate',
  state: [{ name: 'velocity', scalar: false, init: 0 }],
  get: (_b, p) => p,
  put,
});

export const nesterov = defineOptimiser({
  ...momentum,
  ...optimiserKind('nesterov'),
  textbook: [{ name: 'p̃', expr: add(p, mul(hyper('momentum'), s)), out: 'get' }, ...putLines],
  get: (b, p, [s], h) => b.op('add', [p, times(b, wire(h, 'momentum'), s)]),
});

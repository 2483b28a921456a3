/**
 * AdaGrad: g⁺ = g + p'², p⁺ = p + ε p' / (δ + √g⁺), with α = −1 so that p' = −∇.
 * tfjs divides by √(g⁺ + δ_backend) instead (δ_backend = 1e-7 on float32 backends, under the
 * root) and starts g at 0.1: starting our g at 0.1 + δ_backend with δ = 0 is the same map.
 */

import { optimiserKind } from '../../kinds/optimisers';
import { times } from '../wiring';
import { add, div, dp, hyper, line, mul, p, sqrt, square, state } from './textbook';
import { defineOptimiser, wire } from './types';

const g = state('accumulator', 'g');

export const ADAGRAD_INITIAL_ACCUMULATOR = 0.1;

export const adagrad = defineOptimiser({
  ...optimiserKind('adagrad'),
  textbook: [
    { name: 'g⁺', expr: add(g, square(dp)), out: { state: 'accumulator' } },
    {
      name: 'p⁺',
      expr: add(p, mul(hyper('learningRate'), div(dp, add(hyper('epsilon'), sqrt(line('g⁺')))))),
      out: 'p',
    },
  ],
  cap: 'unit',
  state: [{ name: 'accumulator', scalar: false, init: ADAGRAD_INITIAL_ACCUMULATOR }],
  get: (_b, p) => p,
  put(b, p, [g], dp, h) {
    const g1 = b.op('add', [g, b.op('square', [dp])]);
    const denominator = b.op('add', [wire(h, 'epsilon'), b.op('sqrt', [g1])]);
    const step = b.op('multiply', [dp, b.op('reciprocal', [denominator])]);
    return { p: b.op('add', [p, times(b, wire(h, 'learningRate'), step)]), s: [g1] };
  },
});

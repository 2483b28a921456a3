/**
 * Adam, with α = −1 so that p' = −∇:
 *   t⁺ = t + 1,  m⁺ = β₁m + (1−β₁)p',  v⁺ = β₂v + (1−β₂)p'²,
 *   m̂ = m⁺/(1 − β₁^t⁺),  v̂ = v⁺/(1 − β₂^t⁺),  p⁺ = p + ε m̂/(δ + √v̂).
 * This is tfjs's `tf.train.adam` (δ outside the root, as there). The core has no pow, so
 * β^t is exp(t·log β).
 *
 * The step counter t is ONE scalar state wire of the whole learner (as tfjs keeps one per
 * optimiser), so `advance` computes t⁺, the bias corrections and the two scalars below once a
 * step, and every parameter's put reads them. Scalars enter the pointwise generators as they
 * are (never spread to the parameter's shape). The moments are blended as written above,
 * βa + (1−β)c, never as c + β(a − c): at β₂ = 0.999 the latter cancels p'² against most of
 * itself and loses about three digits of v⁺. With c = 1/(1 − β^t⁺),
 *   p⁺ = p + gain · m⁺ / (δ' + √v⁺),  gain = ε c₁/√c₂,  δ' = δ/√c₂
 * — the same map, with the bias corrections folded into two scalars.
 */
import type { DiagramBuilder } from '../../core/builder';
import { optimiserKind } from '../../kinds/optimisers';
import { constant, oneMinus, times } from '../wiring';
import { add, div, dp, hyper, line, mul, num, p, pow, sqrt, square, state, sub, type TextbookLine } from './textbook';
import { defineOptimiser, wire } from './types';

/** βa + (1 − β)c as the textbook writes it. */
const blendLine = (beta: 'beta1' | 'beta2', a: string, c: typeof dp) =>
  add(mul(hyper(beta), state(a)), mul(sub(num(1), hyper(beta)), c));

/** The header's formulas: these lines are what captions print, held to the wiring below by a test. */
const textbook: TextbookLine[] = [
  { name: 't⁺', expr: add(state('t'), num(1)), out: { state: 't' } },
  { name: 'm⁺', expr: blendLine('beta1', 'm', dp), out: { state: 'm' } },
  { name: 'v⁺', expr: blendLine('beta2', 'v', square(dp)), out: { state: 'v' } },
  { name: 'm̂', expr: div(line('m⁺'), sub(num(1), pow(hyper('beta1'), line('t⁺')))) },
  { name: 'v̂', expr: div(line('v⁺'), sub(num(1), pow(hyper('beta2'), line('t⁺')))) },
  {
    name: 'p⁺',
    expr: add(p, mul(hyper('learningRate'), div(line('m̂'), add(hyper('epsilon'), sqrt(line('v̂')))))),
    out: 'p',
  },
];

/** 1 − β^t for scalar wires β and t. */
function unbiased(b: DiagramBuilder, beta: number, t: number): number {
  return oneMinus(b, b.op('exp', [b.op('multiply', [t, b.op('log', [beta])])]));
}

/** βa + (1 − β)c, for a scalar wire β: each term a product with a scalar (see the header). */
function blend(b: DiagramBuilder, beta: number, a: number, c: number): number {
  return b.op('add', [times(b, beta, a), times(b, oneMinus(b, beta), c)]);
}

export const adam = defineOptimiser({
  ...optimiserKind('adam'),
  textbook,
  cap: 'unit',
  state: [
    { name: 't', scalar: true, init: 0, shared: true },
    { name: 'm', scalar: false, init: 0 },
    { name: 'v', scalar: false, init: 0 },
  ],
  advance(b, [t], h) {
    const t1 = b.op('add', [t, constant(b, 1)]);
    const root2 = b.op('sqrt', [unbiased(b, wire(h, 'beta2'), t1)]);
    const over1 = b.op('reciprocal', [unbiased(b, wire(h, 'beta1'), t1)]);
    const gain = b.op('multiply', [wire(h, 'learningRate'), b.op('multiply', [over1, root2])]);
    const delta = b.op('multiply', [wire(h, 'epsilon'), root2]);
    return { s: [t1], c: [gain, delta] };
  },
  get: (_b, p) => p,
  put(b, p, [m, v], dp, h, [gain, delta]) {
    const m1 = blend(b, wire(h, 'beta1'), m, dp);
    const v1 = blend(b, wire(h, 'beta2'), v, b.op('square', [dp]));
    const denominator = b.op('add', [delta, b.op('sqrt', [v1])]);
    const step = b.op('multiply', [m1, b.op('reciprocal', [denominator])]);
    return { p: b.op('add', [p, times(b, gain, step)]), s: [m1, v1] };
  },
});

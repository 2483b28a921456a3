/**
 * Elementwise activations, each with R(x, d) = d · f'(x) where f'(x) is itself a small diagram
 * of registered generators (so R[R[f]] exists). Where f' reuses f(x) — σ' = σ − σ², tanh' =
 * 1 − tanh², exp' = exp — the diagram recomputes f(x) on the same wire, and the Program's CSE
 * merges it with the forward box: a residual, never a recomputation.
 * Kinks are locally constant: R[step] = R[leakyStep] = 0.
 */
import type { RuleBuilder } from '../generator';
import { real } from '../wire';
import { elementwise, locallyConstant } from './helpers';

const times = (b: RuleBuilder, d: number, w: number) => b.op('multiply', [d, w]);

export const sigmoid = elementwise(
  {
    id: 'sigmoid',
    doc: { forward: 'y = σ(x) = 1/(1 + e^(−x))', reverse: 'x′ = d·(σ(x) − σ(x)²)', example: { inputs: [real([4])] } },
    description: 'Logistic σ(x) = 1/(1+e^−x).',
    symbol: 'σ',
    op: 'sigmoid',
  },
  (b, x, d) => {
    const s = b.op('sigmoid', [x]);
    return times(b, d, b.op('subtract', [s, b.op('square', [s])]));
  },
);

export const tanh = elementwise(
  {
    id: 'tanh',
    doc: { forward: 'y = tanh x', reverse: 'x′ = d − d·tanh²x', example: { inputs: [real([4])] } },
    description: 'Hyperbolic tangent.',
    symbol: 'tanh',
    op: 'tanh',
  },
  (b, x, d) => {
    const t = b.op('tanh', [x]);
    return b.op('subtract', [d, times(b, d, b.op('square', [t]))]);
  },
);

export const relu = elementwise(
  {
    id: 'relu',
    doc: { forward: 'y = max(x, 0)', reverse: 'x′ = d·step(x) (0 at x = 0)', example: { inputs: [real([4])] } },
    description: 'Rectified linear unit, max(x, 0).',
    symbol: '⌐',
    op: 'relu',
  },
  (b, x, d) => times(b, d, b.op('step', [x])),
);

const alpha = [{ key: 'alpha', label: 'α', kind: 'number', min: 0, max: 1, default: 0.2 }] as const;

export const leakyRelu = elementwise(
  {
    id: 'leakyRelu',
    doc: { forward: 'y = x where x > 0, else αx', reverse: 'x′ = d·leakyStep_α(x)', example: { inputs: [real([4])] } },
    description: 'x for x > 0, αx otherwise.',
    symbol: '⌐α',
    configFields: alpha,
    apply: (k, x, c) => k.leakyRelu(x, c.alpha as number),
    termLabel: (c) => `leakyRelu[${c.alpha}]`,
  },
  (b, x, d, c) => times(b, d, b.op('leakyStep', [x], c)),
);

export const exp = elementwise(
  {
    id: 'exp',
    doc: { forward: 'y = eˣ', reverse: 'x′ = d·eˣ', example: { inputs: [real([4])] } },
    description: 'The exponential eˣ.',
    symbol: 'exp',
    op: 'exp',
  },
  (b, x, d) => times(b, d, b.op('exp', [x])),
);

export const log = elementwise(
  {
    id: 'log',
    doc: { forward: 'y = ln x (x > 0)', reverse: 'x′ = d/x', example: { inputs: [real([4])], positive: true } },
    description: 'Natural logarithm (x > 0).',
    symbol: 'log',
    op: 'log',
  },
  (b, x, d) => times(b, d, b.op('reciprocal', [x])),
);

export const square = elementwise(
  {
    id: 'square',
    doc: { forward: 'y = x²', reverse: 'x′ = 2·(d·x)', example: { inputs: [real([4])] } },
    description: 'The square x².',
    symbol: 'x²',
    op: 'square',
  },
  (b, x, d) => b.op('scale', [times(b, d, x)], { c: 2 }),
);

export const softplus = elementwise(
  {
    id: 'softplus',
    doc: { forward: 'y = ln(1 + eˣ)', reverse: 'x′ = d·σ(x)', example: { inputs: [real([4])] } },
    description: 'log(1 + eˣ), a smooth relu.',
    symbol: 'sp',
    op: 'softplus',
  },
  (b, x, d) => times(b, d, b.op('sigmoid', [x])),
);

export const reciprocal = elementwise(
  {
    id: 'reciprocal',
    doc: { forward: 'y = 1/x', reverse: 'x′ = −d/x²', example: { inputs: [real([4])], positive: true } },
    description: 'The reciprocal 1/x.',
    symbol: '1/x',
    op: 'reciprocal',
  },
  (b, x, d) => {
    const r = b.op('reciprocal', [x]);
    return b.op('negate', [times(b, d, b.op('square', [r]))]);
  },
);

export const sqrt = elementwise(
  {
    id: 'sqrt',
    doc: { forward: 'y = √x (x > 0)', reverse: 'x′ = ½·d/√x', example: { inputs: [real([4])], positive: true } },
    description: '√x (x > 0).',
    symbol: '√',
    op: 'sqrt',
  },
  (b, x, d) => {
    const r = b.op('reciprocal', [b.op('sqrt', [x])]);
    return b.op('scale', [times(b, d, r)], { c: 0.5 });
  },
);

export const step = locallyConstant({
  id: 'step',
  doc: {
    forward: 'y = 1 where x > 0, else 0',
    reverse: 'x′ = 0 (locally constant; the kink counts as flat)',
    example: { inputs: [real([4])] },
  },
  description: '1 where x > 0, else 0: the derivative of relu.',
  symbol: '⊓',
  apply: (k, x) => k.unary('step', x),
});

export const leakyStep = locallyConstant({
  id: 'leakyStep',
  doc: {
    forward: 'y = 1 where x > 0, else α',
    reverse: 'x′ = 0 (locally constant; the kink counts as flat)',
    example: { inputs: [real([4])] },
  },
  description: '1 where x > 0, else α: the derivative of leaky relu.',
  symbol: '⊓α',
  configFields: alpha,
  apply: (k, x, c) => k.leakyStep(x, c.alpha as number),
  termLabel: (c) => `leakyStep[${c.alpha}]`,
});

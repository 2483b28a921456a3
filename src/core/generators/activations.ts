/**
 * The activations networks written in PyTorch use beyond elementwise.ts's: erf and GELU (exact,
 * through erf, and its tanh approximation), ELU and clip (ReLU6 is clip[0, 6]). Each reverse is
 * a diagram of registered generators, so R[R[f]] exists. Constants in a rule
 * are folded into `scale` boxes, or into a locally constant generator (clip's `inside`).
 */
import type { Config } from '../diagram';
import type { RuleBuilder } from '../generator';
import type { Kernel } from '../kernel';
import { real } from '../wire';
import { elementwise, locallyConstant } from './helpers';

const times = (b: RuleBuilder, d: number, w: number) => b.op('multiply', [d, w]);
const sc = (b: RuleBuilder, x: number, c: number) => b.op('scale', [x], { c });
const plus = (b: RuleBuilder, x: number, y: number) => b.op('add', [x, y]);
/** x + c in a forward: c a scalar the kernel broadcasts. */
const addConst = <T>(k: Kernel<T>, x: T, c: number) => k.binary('add', x, k.fill([], c));

const SQRT1_2 = Math.SQRT1_2;
const TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);
const INV_SQRT_2PI = 1 / Math.sqrt(2 * Math.PI);
/** GELU's tanh approximation: u = √(2/π)·(x + κx³). */
const SQRT_2_OVER_PI = Math.sqrt(2 / Math.PI);
const KAPPA = 0.044715;

export const erf = elementwise(
  {
    id: 'erf',
    doc: {
      forward: 'y = erf x = (2/√π)·∫₀ˣ e^(−t²) dt',
      reverse: 'x′ = d·(2/√π)·e^(−x²)',
      example: { inputs: [real([4])] },
    },
    description: 'The error function erf x.',
    symbol: 'erf',
    op: 'erf',
  },
  (b, x, d) => times(b, d, sc(b, b.op('exp', [sc(b, b.op('square', [x]), -1)]), TWO_OVER_SQRT_PI)),
);

const approximations = ['none', 'tanh'] as const;

/** GELU's forward, x·Φ(x) or its tanh form, both written as ½x + ½x·g(x) (no constant needed). */
function geluForward<T>(k: Kernel<T>, x: T, c: Config): T {
  const half = k.scale(x, 0.5);
  if (c.approximate === 'tanh') {
    const cube = k.binary('mul', x, k.unary('square', x));
    const u = k.scale(k.binary('add', x, k.scale(cube, KAPPA)), SQRT_2_OVER_PI);
    return k.binary('add', half, k.binary('mul', half, k.unary('tanh', u)));
  }
  return k.binary('add', half, k.binary('mul', half, k.unary('erf', k.scale(x, SQRT1_2))));
}

/**
 * R[gelu](x, d) = ½d + d·g′, where the exact form has g′ = ½erf(x/√2) + x·φ(x) and the tanh
 * form g′ = ½t + ½(x·u′)(1 − t²), t = tanh u, x·u′ = √(2/π)(x + 3κx³).
 */
function geluReverse(b: RuleBuilder, x: number, d: number, c: Config): number {
  const halfD = sc(b, d, 0.5);
  if (c.approximate === 'tanh') {
    const cube = times(b, x, b.op('square', [x]));
    const t = b.op('tanh', [sc(b, plus(b, x, sc(b, cube, KAPPA)), SQRT_2_OVER_PI)]);
    const xu = sc(b, plus(b, x, sc(b, cube, 3 * KAPPA)), SQRT_2_OVER_PI);
    const halfXu = sc(b, xu, 0.5);
    const g = plus(b, sc(b, t, 0.5), b.op('subtract', [halfXu, times(b, halfXu, b.op('square', [t]))]));
    return plus(b, halfD, times(b, d, g));
  }
  const phi = sc(b, b.op('exp', [sc(b, b.op('square', [x]), -0.5)]), INV_SQRT_2PI);
  const g = plus(b, sc(b, b.op('erf', [sc(b, x, SQRT1_2)]), 0.5), times(b, x, phi));
  return plus(b, halfD, times(b, d, g));
}

export const gelu = elementwise(
  {
    id: 'gelu',
    doc: {
      forward: 'y = x·Φ(x) = ½x·(1 + erf(x/√2)); with approximate = tanh, ½x·(1 + tanh(√(2/π)(x + 0.044715x³)))',
      reverse: 'x′ = d·(Φ(x) + x·φ(x)), φ the standard normal density; the tanh form’s own derivative',
      example: { inputs: [real([4])] },
    },
    description: 'Gaussian error linear unit x·Φ(x), as PyTorch’s GELU (optionally its tanh approximation).',
    symbol: 'gelu',
    configFields: [
      { key: 'approximate', label: 'approximation', kind: 'enum', options: approximations, default: 'none' },
    ],
    apply: geluForward,
    termLabel: (c) => (c.approximate === 'tanh' ? 'gelu[tanh]' : 'gelu'),
  },
  geluReverse,
);

export const elu = elementwise(
  {
    id: 'elu',
    doc: {
      forward: 'y = x where x > 0, else α(eˣ − 1)',
      reverse: 'x′ = d·((1 − α)·step(x) + α·e^(min(x, 0)))',
      example: { config: { alpha: 1 }, inputs: [real([4])] },
    },
    description: 'Exponential linear unit: x for x > 0, α(eˣ − 1) otherwise.',
    symbol: 'elu',
    configFields: [{ key: 'alpha', label: 'α', kind: 'number', min: 0, max: 10, default: 1 }],
    // relu(x) + α·e^(min(x, 0)) − α, with min(x, 0) = −relu(−x)
    apply: (k, x, c) => {
      const a = c.alpha as number;
      const neg = k.unary('exp', k.unary('neg', k.unary('relu', k.unary('neg', x))));
      return addConst(k, k.binary('add', k.unary('relu', x), k.scale(neg, a)), -a);
    },
    termLabel: (c) => `elu[${c.alpha}]`,
  },
  (b, x, d, c) => {
    const a = c.alpha as number;
    const minX = b.op('negate', [b.op('relu', [b.op('negate', [x])])]);
    return times(b, d, plus(b, sc(b, b.op('step', [x]), 1 - a), sc(b, b.op('exp', [minX]), a)));
  },
);

const bounds = [
  { key: 'min', label: 'min', kind: 'number', default: 0 },
  { key: 'max', label: 'max', kind: 'number', default: 6 },
] as const;
const lo = (c: Config) => c.min as number;
const hi = (c: Config) => Math.max(c.min as number, c.max as number);

export const clip = elementwise(
  {
    id: 'clip',
    doc: {
      forward: 'y = min(max(x, min), max); ReLU6 is clip with min 0, max 6',
      reverse: 'x′ = d·inside(x): d where min < x < max, 0 elsewhere',
      example: { config: { min: -0.2, max: 0.2 }, inputs: [real([4])] },
    },
    description: 'Clamps x to [min, max] (ReLU6 is [0, 6]).',
    symbol: '⊏⊐',
    configFields: bounds,
    // min + relu(x − min) − relu(x − max)
    apply: (k, x, c) => {
      const over = k.binary('sub', k.unary('relu', addConst(k, x, -lo(c))), k.unary('relu', addConst(k, x, -hi(c))));
      return addConst(k, over, lo(c));
    },
    termLabel: (c) => `clip[${lo(c)}, ${hi(c)}]`,
  },
  (b, x, d, c) => times(b, d, b.op('inside', [x], c)),
);

export const inside = locallyConstant({
  id: 'inside',
  doc: {
    forward: 'y = 1 where min < x < max, else 0',
    reverse: 'x′ = 0 (locally constant; the edges count as flat)',
    example: { config: { min: -0.2, max: 0.2 }, inputs: [real([4])] },
  },
  description: '1 where min < x < max, else 0: the derivative of clip.',
  symbol: '⊓⊓',
  configFields: bounds,
  // step(x − min) − step(x − max)
  apply: (k, x, c) => k.binary('sub', k.unary('step', addConst(k, x, -lo(c))), k.unary('step', addConst(k, x, -hi(c)))),
  termLabel: (c) => `inside[${lo(c)}, ${hi(c)}]`,
});

/**
 * ℤ₂ gates: the same polynomial rules mod 2 (xor is +, and is ·). R[xor] copies the change,
 * R[and] is the two partial products, R[not] = id (not x = x + 1), R[one] is empty, and
 * R[parity] broadcasts the change to every bit. Reverse Derivative Ascent runs on these.
 * `basis` gives the minterms a lookup table reads (docs/architecture.md, "Boolean circuits").
 */
import type { RuleBuilder } from '../generator';
import type { Kernel } from '../kernel';
import { z2 } from '../wire';
import { defineGenerator } from './define';
import { elementwise, pointwise2 } from './helpers';
import { check, checkField, configFullShape, configType } from './types';

const z2Meta = { family: 'boolean', field: 'z2' } as const;

export const xor = pointwise2(
  {
    ...z2Meta,
    id: 'xor',
    doc: { forward: 'y = a ⊕ b (a + b mod 2)', reverse: 'a′ = d,  b′ = d', example: { inputs: [z2([3]), z2([3])] } },
    description: 'Addition mod 2; its reverse copies the change.',
    symbol: '⊕',
    shape: 'spider',
  },
  (k, a, b) => k.binary('xor', a, b),
  (_b, _x, _y, d) => [d, d],
);

export const and = pointwise2(
  {
    ...z2Meta,
    id: 'and',
    doc: {
      forward: 'y = a·b mod 2 (a ∧ b)',
      reverse: 'a′ = d ∧ b,  b′ = d ∧ a',
      example: { inputs: [z2([3]), z2([3])] },
    },
    description: 'Multiplication mod 2; its reverse is (d∧b, d∧a).',
    symbol: '∧',
  },
  (k, a, b) => k.binary('and', a, b),
  (b, x, y, d) => [b.op('and', [d, y]), b.op('and', [d, x])],
);

export const not = elementwise(
  {
    ...z2Meta,
    id: 'not',
    doc: { forward: 'y = x ⊕ 1', reverse: 'x′ = d', example: { inputs: [z2([3])] } },
    description: 'x ⊕ 1; its reverse passes the change.',
    symbol: '¬',
    op: 'not',
  },
  (_b, _x, d) => d,
);

export const one = defineGenerator({
  id: 'one',
  doc: {
    forward: 'y = 1 on every bit of shape',
    reverse: 'none: it has no inputs',
    example: { config: { shape: [2] }, inputs: [] },
  },
  family: 'boolean',
  description: 'The constant 1 on every bit of a ℤ₂ wire.',
  symbol: '1',
  shape: 'dot',
  configFields: [
    { key: 'shape', label: 'shape', kind: 'shape', min: 1, default: [] },
    { key: 'batch', label: 'batched', kind: 'boolean', default: false },
  ],
  inputs: [],
  outputs: ['y'],
  type: (c) => [configType(c, 'z2')],
  forward: (k, c) => [k.fill(configFullShape(k, c), 1)],
  reverse: () => [],
  termLabel: () => '1',
});

export const parity = defineGenerator({
  id: 'parity',
  doc: {
    forward: 'y = x_0 ⊕ x_1 ⊕ … (every bit; a scalar)',
    reverse: 'x′ = d on every bit',
    example: { inputs: [z2([3])] },
  },
  family: 'boolean',
  description: 'xor of every bit of a ℤ₂ wire.',
  symbol: '⊕Σ',
  inputs: ['x'],
  outputs: ['y'],
  type: (_c, [x]) => {
    checkField('parity', 'x', x, 'z2');
    return [{ ...x, shape: [] }];
  },
  forward: (k, _c, [x], [t]) => [
    k.unary(
      'mod2',
      k.sum(
        x,
        t.shape.map((_, i) => i + (t.batch ? 1 : 0)),
      ),
    ),
  ],
  reverse: (b, _x, [d], _c, [t]) => [b.op('broadcast', [d], { shape: t.shape, axis: -1 })],
});

/** Inputs a basis box takes at most: 2⁸ = 256 minterms, and a change reshaped to 8 axes. */
const MAX_BASIS_BITS = 8;

/** Row k of the 2ⁿ × n table: the bits of k, first bit most significant. */
const bitRows = new Map<number, Float64Array>();
function minterms(n: number): Float64Array {
  let rows = bitRows.get(n);
  if (!rows) {
    rows = new Float64Array(2 ** n * n);
    for (let k = 0; k < 2 ** n; k++) for (let i = 0; i < n; i++) rows[k * n + i] = (k >> (n - 1 - i)) & 1;
    bitRows.set(n, rows);
  }
  return rows;
}

/** basis_k(x) = 1 when all n bits of x equal those of k: count the agreeing bits, keep the full counts. */
function basisForward<T>(k: Kernel<T>, x: T, n: number, batched: boolean): T {
  const lead = batched ? [k.batchSize] : [];
  const spread = k.broadcastAxes(k.reshape(x, [...lead, 1, n]), [...lead, 2 ** n, n]);
  const agree = k.unary('not', k.binary('xor', spread, k.fromArray([2 ** n, n], minterms(n))));
  const count = k.sum(agree, [lead.length + 1]);
  return k.unary('step', k.binary('sub', count, k.fill([], n - 0.5)));
}

/**
 * R[basis](x, d)_i = Σ_k d_k ∂basis_k/∂x_i, and ∂basis_k/∂x_i is the basis of the other n − 1
 * bits: so x'_i pairs d summed over bit i (d reshaped to n axes of 2) with basis(x without bit i).
 * A diagram of split, concat, reshape, sumFeatures, and and basis itself, so R[R[basis]] exists.
 */
function basisReverse(b: RuleBuilder, x: number, d: number, n: number): number {
  if (n === 1) return b.op('reshape', [b.op('sumFeatures', [d], { axis: -1 })], { shape: [1] });
  const bits = b.box('split', [x], { sizes: Array.from({ length: n }, () => 1) });
  const cube = b.op('reshape', [d], { shape: Array.from({ length: n }, () => 2) });
  const changes = bits.map((_, i) => {
    const others = bits.filter((_, j) => j !== i);
    const rest = others.length === 1 ? others[0] : b.op('concat', others, { n: others.length });
    const paired = b.op('sumFeatures', [cube], { axis: i });
    const flat = b.op('reshape', [paired], { shape: [2 ** (n - 1)] });
    const dot = b.op('sumFeatures', [b.op('and', [flat, b.op('basis', [rest])])], { axis: -1 });
    return b.op('reshape', [dot], { shape: [1] });
  });
  return b.op('concat', changes, { n });
}

export const basis = defineGenerator({
  id: 'basis',
  doc: {
    forward: 'y has 2ⁿ bits; y_k = 1 exactly when x spells k, k = Σ_i x_i·2^(n−1−i) (the first bit most significant)',
    reverse:
      'x′_i = Σ_k d_k·∂y_k/∂x_i mod 2, where ∂y_k/∂x_i is the basis of the other n−1 bits of x at the other bits of k',
    example: { inputs: [z2([2])] },
  },
  family: 'boolean',
  description: 'The 2ⁿ minterms of n bits: a 1 at the index the bits spell; a lookup table is θ ∧ basis(x), summed.',
  symbol: 'δ',
  inputs: ['x'],
  outputs: ['y'],
  type: (_c, [x]) => {
    checkField('basis', 'x', x, 'z2');
    const n = x.shape[0];
    check(
      'basis',
      'x',
      x,
      x.shape.length === 1 && n >= 1 && n <= MAX_BASIS_BITS,
      `ℤ₂^n with 1 ≤ n ≤ ${MAX_BASIS_BITS}`,
    );
    return [{ ...x, shape: [2 ** n] }];
  },
  forward: (k, _c, [x], [t]) => [basisForward(k, x, t.shape[0], t.batch)],
  reverse: (b, [x], [d], _c, [t]) => [basisReverse(b, x, d, t.shape[0])],
});

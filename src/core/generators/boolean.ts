/**
 * ℤ₂ gates: the same polynomial rules mod 2 (xor is +, and is ·). R[xor] copies the change,
 * R[and] is the two partial products, R[not] = id (not x = x + 1), R[one] is empty, and
 * R[parity] broadcasts the change to every bit. Reverse Derivative Ascent runs on these.
 */
import { defineGenerator } from './define';
import { elementwise, pointwise2 } from './helpers';
import { checkField, configFullShape, configType } from './types';

const z2Meta = { family: 'boolean', field: 'z2' } as const;

export const xor = pointwise2(
  { ...z2Meta, id: 'xor', description: 'Addition mod 2; its reverse copies the change.', symbol: '⊕', shape: 'spider' },
  (k, a, b) => k.binary('xor', a, b),
  (_b, _x, _y, d) => [d, d],
);

export const and = pointwise2(
  { ...z2Meta, id: 'and', description: 'Multiplication mod 2; its reverse is (d∧b, d∧a).', symbol: '∧' },
  (k, a, b) => k.binary('and', a, b),
  (b, x, y, d) => [b.op('and', [d, y]), b.op('and', [d, x])],
);

export const not = elementwise(
  { ...z2Meta, id: 'not', description: 'x ⊕ 1; its reverse passes the change.', symbol: '¬', op: 'not' },
  (_b, _x, d) => d,
);

export const one = defineGenerator({
  id: 'one',
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

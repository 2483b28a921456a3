/**
 * Structure: the cartesian (copy, discard, swap) and additive (add, zero) plumbing, and the
 * ring operations. The laws kept: R[copy] = add (xor on ℤ₂), R[discard] = zero, R[add] = copy
 * of the change, R[multiply] = the two partial products. copy, discard, swap and zero are
 * field-polymorphic; sumBatch/broadcastBatch are each other's dagger.
 */

import { param, real } from '../wire';
import { defineGenerator } from './define';
import { linearMap, pointwise2, sumChanges, zeroOf } from './helpers';
import { check, configFullShape, configType } from './types';

const n = (c: { n?: unknown }) => c.n as number;

export const copy = defineGenerator({
  id: 'copy',
  doc: {
    forward: 'y0 = y1 = … = y(n−1) = x',
    reverse: 'x′ = d_y0 + d_y1 + … + d_y(n−1) (xor on ℤ₂)',
    example: { inputs: [real([2])] },
  },
  family: 'structure',
  description: 'Copies a wire (Δ); its reverse adds the changes of the copies.',
  symbol: 'Δ',
  shape: 'spider',
  configFields: [{ key: 'n', label: 'copies', kind: 'int', min: 1, max: 64, default: 2 }],
  inputs: ['x'],
  outputs: (c) => Array.from({ length: n(c) }, (_, i) => `y${i}`),
  type: (c, [x]) => Array.from({ length: n(c) }, () => x),
  forward: (_k, c, [x]) => Array.from({ length: n(c) }, () => x),
  reverse: (b, _x, ds, _c, [t]) => [sumChanges(b, ds, t)],
  termLabel: (c) => (n(c) === 2 ? 'Δ' : `Δ[${n(c)}]`),
});

export const discard = defineGenerator({
  id: 'discard',
  doc: { forward: 'nothing: the wire ends', reverse: 'x′ = 0', example: { inputs: [real([2])] } },
  family: 'structure',
  description: 'Discards a wire (!); its reverse is zero.',
  symbol: '!',
  shape: 'dot',
  inputs: ['x'],
  outputs: [],
  type: () => [],
  forward: () => [],
  reverse: (b, _x, _d, _c, [t]) => [zeroOf(b, t)],
  termLabel: () => '!',
});

export const swap = defineGenerator({
  id: 'swap',
  doc: {
    forward:
      'the outputs, in port order b then a, are the inputs b and a: each value keeps its name (output a is input a), and the wires cross',
    reverse: 'a′ = d_a,  b′ = d_b (the change at output a goes back to input a)',
    example: { inputs: [real([1]), real([2])] },
  },
  family: 'structure',
  description: 'Crosses two wires; its reverse crosses the changes back.',
  symbol: '×',
  shape: 'dot',
  inputs: ['a', 'b'],
  outputs: ['b', 'a'],
  type: (_c, [a, b]) => [b, a],
  forward: (_k, _c, [a, b]) => [b, a],
  reverse: (_b, _x, [db, da]) => [da, db],
  termLabel: () => 'σ',
});

const typeFields = [
  { key: 'shape', label: 'shape', kind: 'shape', min: 1, default: [] },
  { key: 'field', label: 'field', kind: 'field', default: 'real' },
  { key: 'batch', label: 'batched', kind: 'boolean', default: true },
] as const;

export const zero = defineGenerator({
  id: 'zero',
  doc: {
    forward: 'y = 0 on every entry of shape (the unit of add)',
    reverse: 'none: it has no inputs',
    example: { config: { shape: [2] }, inputs: [] },
  },
  family: 'structure',
  description: 'The zero of a wire type (the unit of add); its reverse is empty.',
  symbol: '0',
  shape: 'dot',
  configFields: typeFields,
  inputs: [],
  outputs: ['y'],
  type: (c) => [configType(c)],
  forward: (k, c) => [k.fill(configFullShape(k, c), 0)],
  reverse: () => [],
  termLabel: () => '0',
});

export const constant = defineGenerator({
  id: 'constant',
  doc: {
    forward: 'y = value on every entry of shape',
    reverse: 'none: it has no inputs',
    example: { config: { value: 2.5, shape: [2] }, inputs: [] },
  },
  family: 'structure',
  description: 'A constant real value filling a wire; its reverse is empty.',
  symbol: 'c',
  configFields: [
    { key: 'value', label: 'value', kind: 'number', default: 1 },
    typeFields[0],
    { ...typeFields[2], default: false },
  ],
  inputs: [],
  outputs: ['y'],
  type: (c) => [configType(c, 'real')],
  forward: (k, c) => [k.fill(configFullShape(k, c), c.value as number)],
  reverse: () => [],
  termLabel: (c) => `const[${c.value}]`,
});

export const add = pointwise2(
  {
    id: 'add',
    doc: {
      forward: 'y = a + b',
      reverse: 'a′ = d,  b′ = d (each summed back to its operand’s shape)',
      example: { inputs: [real([3]), real([3])] },
    },
    description: 'Adds two real wires; its reverse copies the change.',
    symbol: '+',
    shape: 'spider',
    termLabel: () => '+',
  },
  (k, a, b) => k.binary('add', a, b),
  (_b, _x, _y, d) => [d, d],
);

export const subtract = pointwise2(
  {
    id: 'subtract',
    doc: {
      forward: 'y = a − b',
      reverse: 'a′ = d,  b′ = −d (each summed back to its operand’s shape)',
      example: { inputs: [real([3]), real([3])] },
    },
    description: 'a − b; its reverse is (d, −d).',
    symbol: '−',
  },
  (k, a, b) => k.binary('sub', a, b),
  (b, _x, _y, d) => [d, b.op('negate', [d])],
);

export const multiply = pointwise2(
  {
    id: 'multiply',
    doc: {
      forward: 'y = a ⊙ b (entrywise)',
      reverse: 'a′ = d ⊙ b,  b′ = d ⊙ a (each summed back to its operand’s shape)',
      example: { inputs: [real([3]), real([3])] },
    },
    description: 'Pointwise product; its reverse is (d·b, d·a).',
    symbol: '·',
  },
  (k, a, b) => k.binary('mul', a, b),
  (b, x, y, d) => [b.op('multiply', [d, y]), b.op('multiply', [d, x])],
);

export const negate = linearMap(
  {
    id: 'negate',
    doc: { forward: 'y = −x', reverse: 'x′ = −d', example: { inputs: [real([3])] } },
    family: 'structure',
    description: 'Negation; its own dagger.',
    symbol: '−',
  },
  (_c, x) => x,
  (k, x) => k.unary('neg', x),
  (b, d) => b.op('negate', [d]),
);

export const scale = linearMap(
  {
    id: 'scale',
    doc: { forward: 'y = c·x', reverse: 'x′ = c·d', example: { config: { c: 2 }, inputs: [real([3])] } },
    family: 'structure',
    description: 'Multiplies by a constant c; its own dagger.',
    symbol: 'c·',
    configFields: [{ key: 'c', label: 'c', kind: 'number', default: 1 }],
    termLabel: (c) => `scale[${c.c}]`,
  },
  (_c, x) => x,
  (k, x, c) => k.scale(x, c.c as number),
  (b, d, c) => b.op('scale', [d], c),
);

export const sumBatch = linearMap(
  {
    id: 'sumBatch',
    doc: {
      forward: 'y = Σ_b x_b (mod 2 on ℤ₂); the result is unbatched',
      reverse: 'x′_b = d for every example b',
      example: { inputs: [real([3])] },
    },
    family: 'structure',
    description: 'Sums a batched wire over the batch (mod 2 on ℤ₂).',
    symbol: 'Σᵦ',
  },
  (_c, x) => {
    check('sumBatch', 'x', x, x.batch, 'a batched wire');
    return { ...x, batch: false };
  },
  (k, x, _c, t) => (t.field === 'z2' ? k.unary('mod2', k.sumBatch(x)) : k.sumBatch(x)),
  (b, d) => b.op('broadcastBatch', [d]),
);

export const broadcastBatch = linearMap(
  {
    id: 'broadcastBatch',
    doc: { forward: 'y_b = x for every example b', reverse: 'x′ = Σ_b d_b', example: { inputs: [param([2])] } },
    family: 'structure',
    description: 'Repeats an unbatched wire for every example.',
    symbol: 'Δᵦ',
  },
  (_c, x) => {
    check('broadcastBatch', 'x', x, !x.batch, 'an unbatched wire');
    return { ...x, batch: true };
  },
  (k, x) => k.broadcastBatch(x),
  (b, d) => b.op('sumBatch', [d]),
);

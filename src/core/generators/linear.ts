/**
 * Linear and Para: linear (weight from a parameter port), bias, and matmul of two wires.
 * linear, linearT and outer are the three faces of one trilinear form ⟨d, xW⟩, so each one's
 * reverse is made of the other two and R[R[linear]] exists:
 *   R[linear]((W, x), d)  = (outer(x, d), linearT(W, d))     xᵀd summed over the batch, dWᵀ
 *   R[linearT]((W, d), e) = (outer(e, d), linear(W, e))
 *   R[outer]((x, d), E)   = (linearT(E, d), linear(E, x))
 * x may have leading feature axes ([T, in], a sequence): the map acts on the last axis at each
 * position, as PyTorch's `x @ W`, and outer sums over the positions as it does over the batch.
 */
import type { Config } from '../diagram';
import type { Kernel } from '../kernel';
import { fullShape, sameShape, shapeSize } from '../shape';
import { param, real, type WireType } from '../wire';
import { defineGenerator } from './define';
import { pointwise2, productReverse } from './helpers';
import { check, checkExact, checkField } from './types';

const dims = [
  { key: 'in', label: 'inputs', kind: 'int', min: 1, max: 1 << 16, default: 1 },
  { key: 'out', label: 'units', kind: 'int', min: 1, max: 1 << 16, default: 1 },
] as const;
const io = (c: Config) => [c.in as number, c.out as number] as const;

/** a's values as rows of its last axis: [every other axis, batch included, flattened, last]. */
function asRows<T>(k: Kernel<T>, a: T, t: WireType): T {
  const full = fullShape(t, k.batchSize);
  const n = full[full.length - 1];
  return k.reshape(a, [full.length === 1 ? 1 : shapeSize(full) / n, n]);
}

/** a·b on a's last axis, with a's other axes (positions, batch) lifted to rows, so kernels only see 2-D matmuls. */
function mm<T>(k: Kernel<T>, a: T, b: T, ta: boolean, tb: boolean, aType: WireType): T {
  if (aType.batch && aType.shape.length === 1) return k.matmul(a, b, ta, tb);
  const row = k.matmul(asRows(k, a, aType), b, ta, tb);
  const full = fullShape(aType, k.batchSize);
  return k.reshape(row, [...full.slice(0, -1), k.shape(row)[1]]);
}

/** A real wire whose last axis has n values (a vector ℝⁿ, or ℝ^{…×n} at each position). */
function rows(gen: string, port: string, t: WireType, n: number): void {
  checkField(gen, port, t, 'real');
  const ok = t.shape.length >= 1 && t.shape[t.shape.length - 1] === n;
  check(gen, port, t, ok, t.shape.length > 1 ? `ℝ^{${[...t.shape.slice(0, -1), n].join('×')}}` : `ℝ^${n}`);
}

/** x's type with its last axis m values long. */
const withLast = (x: WireType, m: number): WireType => ({
  field: 'real',
  shape: [...x.shape.slice(0, -1), m],
  batch: x.batch,
});

export const linear = defineGenerator({
  id: 'linear',
  doc: {
    forward: 'y = xW, y_j = Σ_i x_i W_ij; W has shape [in, out]',
    reverse: 'W′ = Σ_b xᵀd (W′_ij = Σ_b x_i d_j),  x′ = dWᵀ',
    example: { config: { in: 2, out: 3 }, inputs: [param([2, 3]), real([2])] },
  },
  family: 'linear',
  description: 'x ↦ xW with the weight W entering from its parameter port.',
  symbol: 'W·',
  configFields: dims,
  inputs: ['W', 'x'],
  params: ['W'],
  outputs: ['y'],
  type(c, [w, x]) {
    const [n, m] = io(c);
    checkExact('linear', 'W', w, param([n, m]));
    rows('linear', 'x', x, n);
    return [withLast(x, m)];
  },
  // the forwards index their arguments: destructuring them allocated an iterator on every step
  forward: (k, _c, ins, types) => [mm(k, ins[1], ins[0], false, false, types[1])],
  reverse: (b, [w, x], [d], c) => [b.op('outer', [x, d], c), b.op('linearT', [w, d], c)],
  termLabel: (c) => `linear[${io(c).join('→')}]`,
});

export const linearT = defineGenerator({
  id: 'linearT',
  doc: {
    forward: 'x = dWᵀ, x_i = Σ_j W_ij d_j; W has shape [in, out]',
    reverse: 'with e the change of x: W′ = Σ_b eᵀd (W′_ij = Σ_b e_i d_j),  d′ = eW',
    example: { config: { in: 2, out: 3 }, inputs: [param([2, 3]), real([3])] },
  },
  family: 'linear',
  description: 'd ↦ dWᵀ: the transpose of linear, its reverse in x.',
  symbol: 'Wᵀ·',
  configFields: dims,
  inputs: ['W', 'd'],
  params: ['W'],
  outputs: ['x'],
  type(c, [w, d]) {
    const [n, m] = io(c);
    checkExact('linearT', 'W', w, param([n, m]));
    rows('linearT', 'd', d, m);
    return [withLast(d, n)];
  },
  forward: (k, _c, ins, types) => [mm(k, ins[1], ins[0], false, true, types[1])],
  reverse: (b, [w, d], [e], c) => [b.op('outer', [e, d], c), b.op('linear', [w, e], c)],
  termLabel: (c) => `linearT[${io(c).join('→')}]`,
});

export const outer = defineGenerator({
  id: 'outer',
  doc: {
    forward:
      'W = Σ_b xᵀd, W_ij = Σ_b x_i d_j (summed over the positions too when x is [T, in]); the result is unbatched, of shape [in, out]',
    reverse: 'with e the change of W: x′ = d·eᵀ,  d′ = x·e',
    example: { config: { in: 2, out: 3 }, inputs: [real([2]), real([3])] },
  },
  family: 'linear',
  description: 'xᵀd summed over the batch: the change of a linear weight.',
  symbol: '⊗',
  configFields: dims,
  inputs: ['x', 'd'],
  outputs: ['W'],
  type(c, [x, d]) {
    const [n, m] = io(c);
    rows('outer', 'x', x, n);
    rows('outer', 'd', d, m);
    const want = withLast(x, m);
    const fits = d.batch === x.batch && sameShape(d.shape, want.shape);
    check('outer', 'd', d, fits, `a ${x.batch ? 'batched' : 'unbatched'} wire ℝ^{${want.shape.join('×')}} like x`);
    return [param([n, m])];
  },
  forward(k, c, ins, types) {
    const x = ins[0];
    const d = ins[1];
    const [tx, td] = types;
    if (tx.batch && tx.shape.length === 1) return [k.matmul(x, d, true, false)];
    if (tx.shape.length > 1) return [k.matmul(asRows(k, x, tx), asRows(k, d, td), true, false)];
    const [n, m] = io(c);
    return [k.matmul(k.reshape(x, [n, 1]), k.reshape(d, [1, m]), false, false)];
  },
  reverse: (b, [x, d], [e], c) => [b.op('linearT', [e, d], c), b.op('linear', [e, x], c)],
  termLabel: (c) => `outer[${io(c).join('→')}]`,
});

export const bias = pointwise2(
  {
    id: 'bias',
    doc: {
      forward: 'y = x + b',
      reverse: 'b′ = Σ_b d (b is unbatched),  x′ = d',
      example: { inputs: [param([3]), real([3])] },
    },
    family: 'linear',
    description: 'x ↦ x + b with b from its parameter port.',
    symbol: '+b',
    inputs: ['b', 'x'],
    params: ['b'],
  },
  (k, b, x) => k.binary('add', x, b),
  (_b, _p, _x, d) => [d, d],
);

const flag = (c: Config, key: string) => c[key] as boolean;

export const matmul = defineGenerator({
  id: 'matmul',
  doc: {
    forward: 'C = op(A)·op(B), op(M) = Mᵀ when transA (transB) is set, else M',
    reverse:
      'with d the change of C: A′ = d·op(B)ᵀ, B′ = op(A)ᵀ·d, each transposed back when its operand was transposed',
    example: { inputs: [param([2, 3]), param([3, 2])] },
  },
  family: 'linear',
  description: 'Product of two unbatched matrices, op(A)·op(B), with optional transposes.',
  symbol: '@',
  configFields: [
    { key: 'transA', label: 'transpose A', kind: 'boolean', default: false },
    { key: 'transB', label: 'transpose B', kind: 'boolean', default: false },
  ],
  inputs: ['A', 'B'],
  outputs: ['C'],
  type(c, [a, b]) {
    for (const [port, t] of [
      ['A', a],
      ['B', b],
    ] as const) {
      checkField('matmul', port, t, 'real');
      check('matmul', port, t, !t.batch && t.shape.length === 2, 'an unbatched matrix ℝ^{n×m}ᵖ');
    }
    const [n, k1] = flag(c, 'transA') ? [a.shape[1], a.shape[0]] : [a.shape[0], a.shape[1]];
    const [k2, m] = flag(c, 'transB') ? [b.shape[1], b.shape[0]] : [b.shape[0], b.shape[1]];
    check('matmul', 'B', b, k1 === k2, `a matrix with ${k1} ${flag(c, 'transB') ? 'columns' : 'rows'}`);
    return [param([n, m])];
  },
  forward: (k, c, [a, b]) => [k.matmul(a, b, flag(c, 'transA'), flag(c, 'transB'))],
  reverse(bld, [a, b], [d], c) {
    return productReverse(flag(c, 'transA'), flag(c, 'transB'), a, b, d).map(([p, q, transA, transB]) =>
      bld.op('matmul', [p, q], { transA, transB }),
    );
  },
});

/**
 * The common shapes of a rule, so each generator is a few lines (as in JAX's ad.py):
 * - `elementwise(id, f, f')`: R(x, d) = d · f'(x), with f'(x) a diagram (CSE shares f(x));
 * - `pointwise2`: a binary elementwise map whose operands may be one batched, one not, or one an
 *   unbatched scalar ℝᵖ against any shape (right-aligned broadcasting) — the change of the
 *   broadcast operand is summed over every axis it was repeated along, the dagger of broadcasting;
 * - `linearMap(f, f†)`: R(x, d) = f†(d), independent of x;
 * - `locallyConstant`: R = 0 (step, argmax: kinks are treated as flat).
 */
import type { BoxOptions, Config } from '../diagram';
import type { ConfigField, Family, RuleBuilder } from '../generator';
import type { Kernel, UnaryOp } from '../kernel';
import { isScalar, sameShape } from '../shape';
import type { Field, WireType } from '../wire';
import { defineGenerator, type GenSpec } from './define';
import { check, checkField, typeConfig } from './types';

/** The sum of changes arriving at one wire: add on ℝ, xor on ℤ₂, a zero box when none. */
export function sumChanges(b: RuleBuilder, changes: readonly number[], t: WireType, opts: BoxOptions = {}): number {
  if (changes.length === 0) return zeroOf(b, t, opts);
  const plus = t.field === 'z2' ? 'xor' : 'add';
  let acc = changes[0];
  for (let k = 1; k < changes.length; k++) acc = b.op(plus, [acc, changes[k]], {}, opts);
  return acc;
}

export function zeroOf(b: RuleBuilder, t: WireType, opts: BoxOptions = {}): number {
  return b.op('zero', [], typeConfig(t), opts);
}

/**
 * Brings a change to the type of `target`, the dagger of broadcasting it: Σ over the feature
 * axes a scalar target was repeated along, then Σ over the batch (or broadcast along it).
 */
export function unbroadcast(b: RuleBuilder, w: number, target: WireType): number {
  const t = b.typeOf(w);
  const summed = t.shape.length > target.shape.length ? b.op('sumFeatures', [w], { axis: -1 }) : w;
  if (t.batch && !target.batch) return b.op('sumBatch', [summed]);
  if (!t.batch && target.batch) return b.op('broadcastBatch', [summed]);
  return summed;
}

type Meta = Pick<GenSpec, 'id' | 'description' | 'doc' | 'symbol'> & {
  label?: string;
  family?: Family;
  field?: Field;
  configFields?: readonly ConfigField[];
  termLabel?: GenSpec['termLabel'];
};

/** y = f(x) pointwise; R(x, d) = rev(b, x, d), usually d · f'(x). */
export function elementwise(
  meta: Meta & { op?: UnaryOp; apply?: <T>(k: Kernel<T>, x: T, c: Config) => T },
  rev: (b: RuleBuilder, x: number, d: number, c: Config) => number,
) {
  const field = meta.field ?? 'real';
  return defineGenerator({
    ...meta,
    family: meta.family ?? 'activation',
    inputs: ['x'],
    outputs: ['y'],
    type: (_c, [x]) => {
      checkField(meta.id, 'x', x, field);
      return [x];
    },
    forward: (k, c, [x]) => [meta.apply ? meta.apply(k, x, c) : k.unary(meta.op as UnaryOp, x)],
    reverse: (b, [x], [d], c) => [rev(b, x, d, c)],
  });
}

/** f(x) with f'(x) = 0 wherever it is defined: R = 0. */
export function locallyConstant(meta: Meta & { apply: <T>(k: Kernel<T>, x: T, c: Config) => T }) {
  return elementwise(meta, (b, x) => zeroOf(b, b.typeOf(x)));
}

/**
 * Binary pointwise map on two wires of one shape, or on an unbatched scalar and a wire of any
 * shape; the result has the larger shape and is batched if either operand is.
 */
export function pointwise2(
  meta: Meta & {
    inputs?: readonly [string, string];
    params?: readonly string[];
    family?: Family;
    shape?: GenSpec['shape'];
  },
  apply: <T>(k: Kernel<T>, a: T, b: T) => T,
  rev: (b: RuleBuilder, x: number, y: number, d: number) => [number, number],
) {
  const field = meta.field ?? 'real';
  const [p, q] = meta.inputs ?? ['a', 'b'];
  return defineGenerator({
    ...meta,
    family: meta.family ?? 'structure',
    inputs: [p, q],
    outputs: ['y'],
    type(_c, [a, b]) {
      checkField(meta.id, p, a, field);
      checkField(meta.id, q, b, field);
      const fits = sameShape(a.shape, b.shape) || isScalar(a) || isScalar(b);
      check(meta.id, q, b, fits, `a wire of shape [${a.shape.join(',')}] like '${p}', or an unbatched scalar`);
      const shape = isScalar(a) ? b.shape : a.shape;
      return [{ field, shape: [...shape], batch: a.batch || b.batch }];
    },
    forward: (k, _c, [a, b]) => [apply(k, a, b)],
    reverse(b, [x, y], [d], _c, [tx, ty]) {
      const [dx, dy] = rev(b, x, y, d);
      return [unbroadcast(b, dx, tx), unbroadcast(b, dy, ty)];
    },
  });
}

/** A linear map x ↦ f(x): its reverse is its dagger applied to the change. */
export function linearMap(
  meta: Meta & { family: Family; shape?: GenSpec['shape'] },
  type: (c: Config, x: WireType) => WireType,
  apply: <T>(k: Kernel<T>, x: T, c: Config, t: WireType) => T,
  dagger: (b: RuleBuilder, d: number, c: Config, x: WireType) => number,
) {
  return defineGenerator({
    ...meta,
    inputs: ['x'],
    outputs: ['y'],
    type: (c, [x]) => [type(c, x)],
    // indexed, not destructured: destructuring here allocated an iterator on every step
    forward: (k, c, xs, ts) => [apply(k, xs[0], c, ts[0])],
    reverse: (b, _x, [d], c, [t]) => [dagger(b, d, c, t)],
  });
}

type Product = [a: number, b: number, transA: boolean, transB: boolean];

/**
 * The reverse of C = op(A)·op(B) is again such a product, with the transposes moved, so matmul
 * and batchMatmul are closed under R: given d, the change of C, the products giving A′ and B′.
 */
export function productReverse(ta: boolean, tb: boolean, a: number, b: number, d: number): [Product, Product] {
  if (!ta && !tb)
    return [
      [d, b, false, true],
      [a, d, true, false],
    ];
  if (ta && !tb)
    return [
      [b, d, false, true],
      [a, d, false, false],
    ];
  if (!ta && tb)
    return [
      [d, b, false, false],
      [d, a, true, false],
    ];
  return [
    [b, d, true, true],
    [d, a, true, true],
  ];
}

/**
 * Wire types: the objects of the category. A wire carries a field (`real`, float32 in tfjs, or
 * `z2`, booleans mod 2 stored as 0/1) and a shape. `batch` says whether the wire carries an
 * implicit leading batch dimension: data wires do, parameter wires (weights shared by every
 * example) do not. A list of wire types is a monoidal product.
 */
import { sameShape } from './shape';

export type Field = 'real' | 'z2';

export interface WireType {
  readonly field: Field;
  readonly shape: readonly number[];
  readonly batch: boolean;
}

export const real = (shape: readonly number[] = [], batch = true): WireType => ({
  field: 'real',
  shape: [...shape],
  batch,
});
export const z2 = (shape: readonly number[] = [], batch = true): WireType => ({
  field: 'z2',
  shape: [...shape],
  batch,
});
/** A parameter wire: no batch dimension. */
export const param = (shape: readonly number[], field: Field = 'real'): WireType => ({
  field,
  shape: [...shape],
  batch: false,
});

export function typeEquals(a: WireType, b: WireType): boolean {
  return a.field === b.field && a.batch === b.batch && sameShape(a.shape, b.shape);
}

export function productEquals(a: readonly WireType[], b: readonly WireType[]): boolean {
  return a.length === b.length && a.every((t, i) => typeEquals(t, b[i]));
}

/** `ℝ^4`, `ℝ^{28×28}`, `ℤ₂^8`, `ℝ` for a scalar; a parameter (unbatched) wire is marked with ᵖ. */
export function printType(t: WireType): string {
  const base = t.field === 'real' ? 'ℝ' : 'ℤ₂';
  const mark = t.batch ? '' : 'ᵖ';
  if (t.shape.length === 0) return base + mark;
  if (t.shape.length === 1) return `${base}^${t.shape[0]}${mark}`;
  return `${base}^{${t.shape.join('×')}}${mark}`;
}

/** The monoidal product, `ℝ^4 ⊗ ℝ^3`; the empty product is the unit `I`. */
export function printProduct(ts: readonly WireType[]): string {
  return ts.length === 0 ? 'I' : ts.map(printType).join(' ⊗ ');
}

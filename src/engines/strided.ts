/**
 * Index arithmetic for the typed-array kernel: row-major strides, and the few strided loops
 * (sum over axes, broadcast, slice, concat) that every shape generator lowers to.
 */
import { shapeSize } from '../core/shape';
import type { Floats } from './arena';

export function strides(shape: readonly number[]): number[] {
  const s = new Array<number>(shape.length);
  let acc = 1;
  for (let i = shape.length - 1; i >= 0; i--) {
    s[i] = acc;
    acc *= shape[i];
  }
  return s;
}

/** Calls f(flat index in shape, offset by `strideOf`) for every index of `shape`, in row-major order. */
export function walk(
  shape: readonly number[],
  strideOf: readonly number[],
  base: number,
  f: (i: number, off: number) => void,
): void {
  const rank = shape.length;
  const idx = new Array<number>(rank).fill(0);
  const total = shapeSize(shape);
  let off = base;
  for (let i = 0; i < total; i++) {
    f(i, off);
    for (let d = rank - 1; d >= 0; d--) {
      idx[d]++;
      off += strideOf[d];
      if (idx[d] < shape[d]) break;
      off -= strideOf[d] * shape[d];
      idx[d] = 0;
    }
  }
}

/** out[reduced index] += x[i] for every i; `out` is zeroed first. */
export function sumAxes(x: Floats, shape: readonly number[], axes: readonly number[], out: Floats): void {
  out.fill(0);
  const outShape = shape.filter((_, d) => !axes.includes(d));
  const os = strides(outShape);
  let k = 0;
  const to = shape.map((_, d) => (axes.includes(d) ? 0 : os[k++]));
  walk(shape, to, 0, (i, off) => {
    out[off] += x[i];
  });
}

/** out[i] = x[offset of i], where x's strides are zero on the broadcast axes. */
export function gather(
  x: Floats,
  from: readonly number[],
  outShape: readonly number[],
  base: number,
  out: Floats,
): void {
  walk(outShape, from, base, (i, off) => {
    out[i] = x[off];
  });
}

export function concatInto(xs: readonly { shape: readonly number[]; data: Floats }[], axis: number, out: Floats): void {
  const outer = shapeSize(xs[0].shape.slice(0, axis));
  let at = 0;
  const rowLen = xs.reduce((s, x) => s + shapeSize(x.shape.slice(axis)), 0);
  for (const x of xs) {
    const chunk = shapeSize(x.shape.slice(axis));
    for (let o = 0; o < outer; o++) out.set(x.data.subarray(o * chunk, (o + 1) * chunk), o * rowLen + at);
    at += chunk;
  }
}

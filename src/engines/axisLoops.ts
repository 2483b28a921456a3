/**
 * The typed-array kernel's loops along axes: broadcasts, sums, slices and softmax rows. The
 * kernel calls them on each run and a replay's closures call the same ones (docs/architecture.md,
 * "The small end"), so both give the same bits.
 */
import type { Floats } from './arena';
import { gather, strides, sumAxes } from './strided';
import { sumCols, sumRows } from './typedLoops';

/** o.fill(v) without boxing v for the builtin call. */
function fillWith(o: Floats, v: number): void {
  for (let i = 0; i < o.length; i++) o[i] = v;
}

/** o = x repeated along a new leading axis (o's length a multiple of x's). */
export function broadcastBatchInto(x: Floats, o: Floats): void {
  const n = x.length;
  if (n === 1) fillWith(o, x[0]);
  else if (n > 0) for (let at = 0; at < o.length; at += n) o.set(x, at);
}

/** Whether the summed `axes` of a rank-r tensor are its leading axes, or its trailing ones. */
export function sumKind(r: number, axes: readonly number[]): { leading: boolean; trailing: boolean } {
  const na = axes.length;
  let leading = true;
  let trailing = true;
  for (let i = 0; i < na; i++) {
    if (axes[i] >= na) leading = false;
    if (axes[i] < r - na) trailing = false;
  }
  return { leading, trailing };
}

/** out = x summed over `axes` (`sumKind`'s answer given): rows, columns, or strides. `acc` holds ≥ a row. */
export function sumInto(
  x: Floats,
  shape: readonly number[],
  axes: readonly number[],
  leading: boolean,
  trailing: boolean,
  out: Floats,
  acc: Float64Array,
): void {
  let inner = 1;
  for (let d = axes.length; d < shape.length; d++) inner *= shape[d];
  if (axes.length === 0) out.set(x);
  else if (leading) sumRows(x, x.length / Math.max(inner, 1), inner, out, acc);
  else if (trailing) sumCols(x, out.length, x.length / Math.max(out.length, 1), out);
  else sumAxes(x, shape, axes, out);
}

/**
 * o = x repeated to outShape: x has its rank, with size 1 on the axes it is repeated along. One
 * value fills; a tail of x's shape repeats row by row; anything else walks strides.
 */
export function broadcastAxesInto(x: Floats, shape: readonly number[], outShape: readonly number[], o: Floats): void {
  let first = 0;
  while (first < shape.length && shape[first] === 1) first++;
  let repeatsLeading = true;
  for (let d = first; d < shape.length; d++) if (shape[d] !== outShape[d]) repeatsLeading = false;
  if (x.length === 1) fillWith(o, x[0]);
  else if (repeatsLeading) for (let at = 0; at < o.length; at += x.length) o.set(x, at);
  if (x.length === 1 || repeatsLeading) return;
  const s = strides(shape);
  gather(
    x,
    shape.map((n, d) => (n === 1 ? 0 : s[d])),
    outShape,
    0,
    o,
  );
}

/** Where a slice starting at `begin` starts, in a tensor of these strides. */
export const sliceOffset = (begin: readonly number[], s: readonly number[]): number =>
  begin.reduce((o, b, d) => o + b * s[d], 0);

/** o = softmax of each row of n values of a; each row's exponentials computed once, kept in doubles (`e`, ≥ n) until the division. */
export function softmaxInto(a: Floats, n: number, o: Floats, e: Float64Array): void {
  for (let r = 0; r < a.length; r += n) {
    let max = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) if (a[r + i] > max) max = a[r + i];
    let z = 0;
    for (let i = 0; i < n; i++) {
      const v = Math.exp(a[r + i] - max);
      e[i] = v;
      z += v;
    }
    for (let i = 0; i < n; i++) o[r + i] = e[i] / z;
  }
}

/**
 * The typed-array loops of attention's kernels (docs/generators.md, "batchMatmul", "transpose",
 * "softmax"): a matmul repeated over shared leading axes, an axis permutation, and the causal
 * mask. Sums are kept in doubles, as in typedLoops.
 */
import type { Floats } from './arena';
import { matmulInto } from './matmulLoops';
import { gather, strides } from './strided';

/** The result's shape and the sizes a batched product reads: g products of n×k by k×m. */
export function batchMatmulShape(
  a: readonly number[],
  b: readonly number[],
  transA: boolean,
  transB: boolean,
): { shape: number[]; g: number; n: number; k: number; m: number } {
  const r = a.length;
  const n = transA ? a[r - 1] : a[r - 2];
  const k = transA ? a[r - 2] : a[r - 1];
  const m = transB ? b[r - 2] : b[r - 1];
  let g = 1;
  for (let d = 0; d < r - 2; d++) g *= a[d];
  return { shape: [...a.slice(0, r - 2), n, m], g, n, k, m };
}

/**
 * o[g, i, j] = Σ_p op(a)[g, i, p]·op(b)[g, p, j]: each of the g products by the blocked 2-D
 * loops of typedLoops (rows of b swept four at a time, i-k-j; dot products of rows when b is
 * transposed; two rows of the result per sweep when `acc` holds 2m values), a transposed operand
 * read through its strides rather than copied.
 */
export function batchMatmulInto(
  a: Floats,
  ac: number,
  b: Floats,
  bc: number,
  o: Floats,
  dims: { g: number; n: number; k: number; m: number },
  transA: boolean,
  transB: boolean,
  acc: Float64Array,
): void {
  const { g, n, k, m } = dims;
  const aSize = n * k;
  const bSize = k * m;
  const oSize = n * m;
  if (g === 1) {
    matmulInto(a, ac, b, bc, o, n, m, k, transA, transB, acc);
    return;
  }
  for (let q = 0; q < g; q++)
    matmulInto(
      a.subarray(q * aSize, (q + 1) * aSize),
      ac,
      b.subarray(q * bSize, (q + 1) * bSize),
      bc,
      o.subarray(q * oSize, (q + 1) * oSize),
      n,
      m,
      k,
      transA,
      transB,
      acc,
    );
}

/** out = x with its axes permuted: out axis i is x's axis perm[i]. */
export function transposeInto(x: Floats, shape: readonly number[], perm: readonly number[], out: Floats): void {
  const s = strides(shape);
  gather(
    x,
    perm.map((p) => s[p]),
    perm.map((p) => shape[p]),
    0,
    out,
  );
}

/** out = x with −∞ wherever the last index exceeds the one before it. */
export function causalMaskInto(x: Floats, shape: readonly number[], out: Floats): void {
  const r = shape.length;
  const cols = shape[r - 1];
  const rows = shape[r - 2];
  for (let at = 0; at < x.length; at += rows * cols) {
    for (let i = 0; i < rows; i++) {
      const o = at + i * cols;
      for (let j = 0; j < cols; j++) out[o + j] = j > i ? Number.NEGATIVE_INFINITY : x[o + j];
    }
  }
}

/** out = (x − μ)/√(σ² + eps) along the last axis of n values, μ and σ² (biased) per row. */
export function layerNormInto(x: Floats, n: number, eps: number, out: Floats): void {
  for (let r = 0; r < x.length; r += n) {
    let mean = 0;
    for (let i = r; i < r + n; i++) mean += x[i];
    mean /= n;
    let v = 0;
    for (let i = r; i < r + n; i++) v += (x[i] - mean) * (x[i] - mean);
    const inv = 1 / Math.sqrt(v / n + eps);
    for (let i = r; i < r + n; i++) out[i] = (x[i] - mean) * inv;
  }
}

/** The row of W an id names, or a RangeError naming the id and where it was. */
function rowOf(ids: Floats, i: number, rows: number): number {
  const r = Math.round(ids[i]);
  if (!(r >= 0 && r < rows))
    throw new RangeError(`embedding: id ${ids[i]} (at ${i}) is not a row of W (0…${rows - 1})`);
  return r;
}

/** out[i, :] = w[ids[i], :] for each of the ids, w holding rows of `width` values. */
export function embedInto(w: Floats, width: number, ids: Floats, out: Floats): void {
  const rows = w.length / width;
  for (let i = 0; i < ids.length; i++) {
    const r = rowOf(ids, i, rows) * width;
    for (let j = 0; j < width; j++) out[i * width + j] = w[r + j];
  }
}

/** out = 0, then out[ids[i], :] += d[i, :]: the scatter-add that is embedInto's transpose in w. */
export function embedBackInto(ids: Floats, d: Floats, width: number, out: Floats): void {
  const rows = out.length / width;
  out.fill(0);
  for (let i = 0; i < ids.length; i++) {
    const r = rowOf(ids, i, rows) * width;
    for (let j = 0; j < width; j++) out[r + j] += d[i * width + j];
  }
}

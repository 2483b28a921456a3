/**
 * The typed-array kernel's matrix product: every transpose case keeps its inner loop contiguous
 * and accumulates in doubles, and rows go two at a time so each pass over b feeds more sums.
 * Rows of o narrower than four values take the loops of ./matmulNarrow.ts (docs/architecture.md,
 * "The small end").
 */
import type { Floats } from './arena';
import { axpyNarrow } from './matmulNarrow';

/** acc[0…n) = 0 by a loop: the rows here are short, and a builtin fill costs more than the loop. */
export function zero(acc: Float64Array, n: number): void {
  for (let j = 0; j < n; j++) acc[j] = 0;
}

/**
 * o = op(a)·op(b) for row-major a [ar, ac], b [br, bc], o [n, m], k the shared dimension.
 * Every case keeps its innermost loop contiguous; rows of o accumulate in the double row `acc`
 * (length ≥ m), so a float32 output is rounded once, not once per term. Zero entries of a are
 * skipped (relu outputs and one-hot data are full of them).
 */
export function matmulInto(
  a: Floats,
  ac: number,
  b: Floats,
  bc: number,
  o: Floats,
  n: number,
  m: number,
  k: number,
  transA: boolean,
  transB: boolean,
  acc: Float64Array,
): void {
  // a(i,p) is a[i·si + p·sp], whichever way a is stored
  const si = transA ? 1 : ac;
  const sp = transA ? ac : 1;
  if (transB) dotRows(a, si, sp, b, bc, o, n, m, k);
  else axpyRows(a, si, sp, b, bc, o, n, m, k, acc);
}

/** o[i,j] = Σ_p a(i,p)·b[j,p]: dot products along rows of b, four of them per pass over a(i,:). */
function dotRows(
  a: Floats,
  si: number,
  sp: number,
  b: Floats,
  bc: number,
  o: Floats,
  n: number,
  m: number,
  k: number,
): void {
  let i = 0;
  for (; i + 1 < n; i += 2) dotRowPair(a, i * si, si, sp, b, bc, o, i * m, m, k);
  for (; i < n; i++) {
    const ai = i * si;
    const oo = i * m;
    let j = 0;
    for (; j + 3 < m; j += 4) {
      const b0 = j * bc;
      const b1 = b0 + bc;
      const b2 = b1 + bc;
      const b3 = b2 + bc;
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      for (let p = 0; p < k; p++) {
        const av = a[ai + p * sp];
        s0 += av * b[b0 + p];
        s1 += av * b[b1 + p];
        s2 += av * b[b2 + p];
        s3 += av * b[b3 + p];
      }
      o[oo + j] = s0;
      o[oo + j + 1] = s1;
      o[oo + j + 2] = s2;
      o[oo + j + 3] = s3;
    }
    for (; j < m; j++) {
      const bo = j * bc;
      let s0 = 0;
      for (let p = 0; p < k; p++) s0 += a[ai + p * sp] * b[bo + p];
      o[oo + j] = s0;
    }
  }
}

/** Rows i and i+1 of dotRows at once: each pass reads four rows of b for eight dot products. */
function dotRowPair(
  a: Floats,
  ai: number,
  si: number,
  sp: number,
  b: Floats,
  bc: number,
  o: Floats,
  oo: number,
  m: number,
  k: number,
): void {
  const aj = ai + si;
  let j = 0;
  for (; j + 3 < m; j += 4) {
    const b0 = j * bc;
    const b1 = b0 + bc;
    const b2 = b1 + bc;
    const b3 = b2 + bc;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let t0 = 0;
    let t1 = 0;
    let t2 = 0;
    let t3 = 0;
    for (let p = 0; p < k; p++) {
      const x = a[ai + p * sp];
      const y = a[aj + p * sp];
      const v0 = b[b0 + p];
      const v1 = b[b1 + p];
      const v2 = b[b2 + p];
      const v3 = b[b3 + p];
      s0 += x * v0;
      s1 += x * v1;
      s2 += x * v2;
      s3 += x * v3;
      t0 += y * v0;
      t1 += y * v1;
      t2 += y * v2;
      t3 += y * v3;
    }
    o[oo + j] = s0;
    o[oo + j + 1] = s1;
    o[oo + j + 2] = s2;
    o[oo + j + 3] = s3;
    o[oo + m + j] = t0;
    o[oo + m + j + 1] = t1;
    o[oo + m + j + 2] = t2;
    o[oo + m + j + 3] = t3;
  }
  for (; j < m; j++) {
    const bo = j * bc;
    let s0 = 0;
    let t0 = 0;
    for (let p = 0; p < k; p++) {
      s0 += a[ai + p * sp] * b[bo + p];
      t0 += a[aj + p * sp] * b[bo + p];
    }
    o[oo + j] = s0;
    o[oo + m + j] = t0;
  }
}

/** o[i,:] = Σ_p a(i,p)·b[p,:]: axpy on contiguous rows of b, four rows of b per sweep of the double row acc. */
function axpyRows(
  a: Floats,
  si: number,
  sp: number,
  b: Floats,
  bc: number,
  o: Floats,
  n: number,
  m: number,
  k: number,
  acc: Float64Array,
): void {
  if (k === 1) {
    // an outer product (batch 1): no sums to keep
    for (let i = 0; i < n; i++) {
      const av = a[i * si];
      const oo = i * m;
      for (let j = 0; j < m; j++) o[oo + j] = av * b[j];
    }
    return;
  }
  const paired = acc.length >= 2 * m;
  if (m < 4) {
    axpyNarrow(a, si, sp, b, bc, o, n, m, k, paired);
    return;
  }
  let i = 0;
  if (paired) for (; i + 1 < n; i += 2) axpyRowPair(a, i * si, si, sp, b, bc, o, i * m, m, k, acc);
  // a double output is its own accumulator: no row of sums to zero aside and copy out
  const t: Float64Array = o instanceof Float64Array ? o : acc;
  for (; i < n; i++) {
    const ai = i * si;
    const oo = i * m;
    const to = t === acc ? 0 : oo;
    for (let j = 0; j < m; j++) t[to + j] = 0;
    let p = 0;
    for (; p + 3 < k; p += 4) {
      const a0 = a[ai + p * sp];
      const a1 = a[ai + (p + 1) * sp];
      const a2 = a[ai + (p + 2) * sp];
      const a3 = a[ai + (p + 3) * sp];
      if (a0 === 0 && a1 === 0 && a2 === 0 && a3 === 0) continue;
      const b0 = p * bc;
      const b1 = b0 + bc;
      const b2 = b1 + bc;
      const b3 = b2 + bc;
      for (let j = 0; j < m; j++) t[to + j] += a0 * b[b0 + j] + a1 * b[b1 + j] + a2 * b[b2 + j] + a3 * b[b3 + j];
    }
    for (; p < k; p++) {
      const av = a[ai + p * sp];
      if (av === 0) continue;
      const bo = p * bc;
      for (let j = 0; j < m; j++) t[to + j] += av * b[bo + j];
    }
    if (t === acc) for (let j = 0; j < m; j++) o[oo + j] = acc[j];
  }
}

/**
 * Rows i and i+1 of o at once (`ai` is a(i,0)'s index, `oo` o[i,0]'s): each sweep of four rows
 * of b feeds both rows' double accumulators (acc[0, m) and acc[m, 2m)), so b is read once for
 * two rows of o and the loop does twice the arithmetic per load.
 */
function axpyRowPair(
  a: Floats,
  ai: number,
  si: number,
  sp: number,
  b: Floats,
  bc: number,
  o: Floats,
  oo: number,
  m: number,
  k: number,
  acc: Float64Array,
): void {
  acc.fill(0, 0, 2 * m);
  const aj = ai + si;
  let p = 0;
  for (; p + 3 < k; p += 4) {
    const x0 = a[ai + p * sp];
    const x1 = a[ai + (p + 1) * sp];
    const x2 = a[ai + (p + 2) * sp];
    const x3 = a[ai + (p + 3) * sp];
    const y0 = a[aj + p * sp];
    const y1 = a[aj + (p + 1) * sp];
    const y2 = a[aj + (p + 2) * sp];
    const y3 = a[aj + (p + 3) * sp];
    if (x0 === 0 && x1 === 0 && x2 === 0 && x3 === 0 && y0 === 0 && y1 === 0 && y2 === 0 && y3 === 0) continue;
    const b0 = p * bc;
    const b1 = b0 + bc;
    const b2 = b1 + bc;
    const b3 = b2 + bc;
    for (let j = 0; j < m; j++) {
      const v0 = b[b0 + j];
      const v1 = b[b1 + j];
      const v2 = b[b2 + j];
      const v3 = b[b3 + j];
      acc[j] += x0 * v0 + x1 * v1 + x2 * v2 + x3 * v3;
      acc[m + j] += y0 * v0 + y1 * v1 + y2 * v2 + y3 * v3;
    }
  }
  for (; p < k; p++) {
    const x = a[ai + p * sp];
    const y = a[aj + p * sp];
    if (x === 0 && y === 0) continue;
    const bo = p * bc;
    for (let j = 0; j < m; j++) {
      const v = b[bo + j];
      acc[j] += x * v;
      acc[m + j] += y * v;
    }
  }
  for (let j = 0; j < m; j++) o[oo + j] = acc[j];
  for (let j = 0; j < m; j++) o[oo + m + j] = acc[m + j];
}

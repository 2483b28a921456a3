/**
 * The hot loops of the typed-array kernel, each written out per case so that V8 compiles one
 * tight loop with no call per element: unary and binary maps switch on the op once, outside the
 * loop; binary broadcasting walks rows instead of taking a modulo per element; matmul keeps its
 * inner loop contiguous in every transpose case and accumulates in doubles.
 */
import { unreachable } from '../core/errors';
import type { BinaryOp, UnaryOp } from '../core/kernel';
import type { Floats } from './arena';

export const sigmoid = (x: number): number => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));
const softplus = (x: number) => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x)));
/**
 * erf to double precision: erf x = (2/√π)·e^(−x²)·Σₙ 2ⁿx^(2n+1)/(1·3·…·(2n+1)), a series of
 * positive terms (no cancellation), summed until a term no longer moves the sum; past |x| = 6
 * erf is ±1 in doubles.
 */
export function erf(x: number): number {
  const a = Math.abs(x);
  if (a >= 6) return Math.sign(x);
  let term = a;
  let sum = a;
  for (let n = 1; term > sum * 1e-17; n++) {
    term *= (2 * a * a) / (2 * n + 1);
    sum += term;
  }
  return Math.sign(x) * Math.min(1, (2 / Math.sqrt(Math.PI)) * Math.exp(-a * a) * sum);
}
const mod2 = (x: number) => x - 2 * Math.floor(x / 2);

/** o[i] = op(a[i]) for i < n (default: all of o). */
export function unaryInto(op: UnaryOp, a: Floats, o: Floats, n = o.length): void {
  unaryAt(op, a, 0, o, 0, n);
}

/** o[oo+i] = op(a[ao+i]) for i < len. */
export function unaryAt(op: UnaryOp, a: Floats, ao: number, o: Floats, oo: number, len: number): void {
  switch (op) {
    case 'neg':
      for (let i = 0; i < len; i++) o[oo + i] = -a[ao + i];
      return;
    case 'sigmoid':
      for (let i = 0; i < len; i++) o[oo + i] = sigmoid(a[ao + i]);
      return;
    case 'tanh':
      for (let i = 0; i < len; i++) o[oo + i] = Math.tanh(a[ao + i]);
      return;
    case 'relu':
      for (let i = 0; i < len; i++) o[oo + i] = Math.max(a[ao + i], 0);
      return;
    case 'step':
      for (let i = 0; i < len; i++) o[oo + i] = a[ao + i] > 0 ? 1 : 0;
      return;
    case 'exp':
      for (let i = 0; i < len; i++) o[oo + i] = Math.exp(a[ao + i]);
      return;
    case 'log':
      for (let i = 0; i < len; i++) o[oo + i] = Math.log(a[ao + i]);
      return;
    case 'square':
      for (let i = 0; i < len; i++) o[oo + i] = a[ao + i] * a[ao + i];
      return;
    case 'sqrt':
      for (let i = 0; i < len; i++) o[oo + i] = Math.sqrt(a[ao + i]);
      return;
    case 'reciprocal':
      for (let i = 0; i < len; i++) o[oo + i] = 1 / a[ao + i];
      return;
    case 'softplus':
      for (let i = 0; i < len; i++) o[oo + i] = softplus(a[ao + i]);
      return;
    case 'erf':
      for (let i = 0; i < len; i++) o[oo + i] = erf(a[ao + i]);
      return;
    case 'mod2':
      for (let i = 0; i < len; i++) o[oo + i] = mod2(a[ao + i]);
      return;
    case 'not':
      for (let i = 0; i < len; i++) o[oo + i] = 1 - a[ao + i];
      return;
    default:
      unreachable(op, 'unary op');
  }
}

/**
 * o[i] = op(a[i mod na], b[i mod nb]): right-aligned broadcasting, where the shorter operand's
 * length divides o's. A scalar operand gets its own loop; a repeated one is walked row by row.
 */
export function binaryInto(op: BinaryOp, a: Floats, b: Floats, o: Floats): void {
  const n = o.length;
  const na = a.length;
  const nb = b.length;
  // an empty operand repeated would walk o in steps of 0, for ever
  if ((na === 0 || nb === 0) && n > 0)
    throw new Error(`cannot repeat ${na === 0 ? 'a' : 'b'}, which is empty, over ${n} values`);
  if (na === n && nb === n) binaryAt(op, a, 0, b, 0, o, 0, n);
  else if (nb === 1) withScalarAt(op, a, 0, b[0], false, o, 0, n);
  else if (na === 1) withScalarAt(op, b, 0, a[0], true, o, 0, n);
  else if (na === n) for (let r = 0; r < n; r += nb) binaryAt(op, a, r, b, 0, o, r, nb);
  else for (let r = 0; r < n; r += na) binaryAt(op, a, 0, b, r, o, r, na);
}

/** o[oo+i] = op(a[ao+i], b[bo+i]) for i < len. */
export function binaryAt(
  op: BinaryOp,
  a: Floats,
  ao: number,
  b: Floats,
  bo: number,
  o: Floats,
  oo: number,
  len: number,
): void {
  switch (op) {
    case 'add':
      for (let i = 0; i < len; i++) o[oo + i] = a[ao + i] + b[bo + i];
      return;
    case 'sub':
      for (let i = 0; i < len; i++) o[oo + i] = a[ao + i] - b[bo + i];
      return;
    case 'mul':
    case 'and':
      for (let i = 0; i < len; i++) o[oo + i] = a[ao + i] * b[bo + i];
      return;
    case 'div':
      for (let i = 0; i < len; i++) o[oo + i] = a[ao + i] / b[bo + i];
      return;
    case 'xor':
      for (let i = 0; i < len; i++) o[oo + i] = (a[ao + i] + b[bo + i]) % 2;
      return;
    default:
      unreachable(op, 'binary op');
  }
}

/** o[oo+i] = op(x[xo+i], s), or op(s, x[xo+i]) when `flipped`, for i < len. */
export function withScalarAt(
  op: BinaryOp,
  x: Floats,
  xo: number,
  s: number,
  flipped: boolean,
  o: Floats,
  oo: number,
  len: number,
): void {
  switch (op) {
    case 'add':
      for (let i = 0; i < len; i++) o[oo + i] = x[xo + i] + s;
      return;
    case 'sub':
      if (flipped) for (let i = 0; i < len; i++) o[oo + i] = s - x[xo + i];
      else for (let i = 0; i < len; i++) o[oo + i] = x[xo + i] - s;
      return;
    case 'mul':
    case 'and':
      for (let i = 0; i < len; i++) o[oo + i] = x[xo + i] * s;
      return;
    case 'div':
      if (flipped) for (let i = 0; i < len; i++) o[oo + i] = s / x[xo + i];
      else for (let i = 0; i < len; i++) o[oo + i] = x[xo + i] / s;
      return;
    case 'xor':
      for (let i = 0; i < len; i++) o[oo + i] = (x[xo + i] + s) % 2;
      return;
    default:
      unreachable(op, 'binary op');
  }
}

/** acc[0…n) = 0 by a loop: the rows here are short, and a builtin fill costs more than the loop. */
function zero(acc: Float64Array, n: number): void {
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
  let i = 0;
  if (acc.length >= 2 * m) for (; i + 1 < n; i += 2) axpyRowPair(a, i * si, si, sp, b, bc, o, i * m, m, k, acc);
  for (; i < n; i++) {
    zero(acc, m);
    const ai = i * si;
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
      for (let j = 0; j < m; j++) acc[j] += a0 * b[b0 + j] + a1 * b[b1 + j] + a2 * b[b2 + j] + a3 * b[b3 + j];
    }
    for (; p < k; p++) {
      const av = a[ai + p * sp];
      if (av === 0) continue;
      const bo = p * bc;
      for (let j = 0; j < m; j++) acc[j] += av * b[bo + j];
    }
    const oo = i * m;
    for (let j = 0; j < m; j++) o[oo + j] = acc[j];
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

/** out[j] = Σ_r x[r·n + j]: the sum over a leading axis of `rows` rows of n values. */
export function sumRows(x: Floats, rows: number, n: number, out: Floats, acc: Float64Array): void {
  zero(acc, n);
  for (let r = 0; r < rows; r++) {
    const o = r * n;
    for (let j = 0; j < n; j++) acc[j] += x[o + j];
  }
  for (let j = 0; j < n; j++) out[j] = acc[j];
}

/** out[r] = Σ_j x[r·n + j]: the sum over trailing axes of n values. */
export function sumCols(x: Floats, rows: number, n: number, out: Floats): void {
  for (let r = 0; r < rows; r++) {
    let s = 0;
    const o = r * n;
    for (let j = 0; j < n; j++) s += x[o + j];
    out[r] = s;
  }
}

/**
 * The hot loops of the typed-array kernel, each written out per case so that V8 compiles one
 * tight loop with no call per element: unary and binary maps switch on the op once, outside the
 * loop; binary broadcasting walks rows instead of taking a modulo per element. The matrix
 * product's loops are in `matmulLoops.ts`.
 */
import { unreachable } from '../core/errors';
import type { BinaryOp, UnaryOp } from '../core/kernel';
import type { Floats } from './arena';
import { zero } from './matmulLoops';

export function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  // e^x once: the same value twice over, at half the calls
  const e = Math.exp(x);
  return e / (1 + e);
}
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

/** o[i] = a[i] for a[i] > 0, else alpha·a[i]. */
export function leakyReluInto(a: Floats, alpha: number, o: Floats): void {
  for (let i = 0; i < a.length; i++) o[i] = a[i] > 0 ? a[i] : alpha * a[i];
}

/** o[i] = 1 for a[i] > 0, else alpha: leaky relu's slope. */
export function leakyStepInto(a: Floats, alpha: number, o: Floats): void {
  for (let i = 0; i < a.length; i++) o[i] = a[i] > 0 ? 1 : alpha;
}

/** o[i] = c·a[i] for i < o.length. */
export function scaleInto(a: Floats, c: number, o: Floats): void {
  for (let i = 0; i < o.length; i++) o[i] = c * a[i];
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

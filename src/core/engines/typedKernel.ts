/**
 * The kernel interface over plain typed arrays (T = { shape, data }). Every result is drawn
 * from the run's Arena, so a Program re-run at the same batch size allocates no arrays.
 * Arithmetic is in doubles; a float32 arena rounds on store, as WebGL does.
 */
import type { BinaryOp, Kernel, UnaryOp } from '../kernel';
import type { Arena, Floats } from './arena';
import { concatInto, gather, sizeOf, strides, sumAxes } from './strided';
import { conv2d, conv2dBackFilter, conv2dBackInput, maxPool, maxPoolBack, maxPoolSelect } from './typedImage';
import { binaryInto, matmulInto, sumCols, sumRows, unaryInto } from './typedLoops';

export interface TypedTensor {
  readonly shape: readonly number[];
  readonly data: Floats;
}

export class TypedKernel implements Kernel<TypedTensor> {
  readonly name: string;
  batchSize = 1;

  constructor(readonly arena: Arena) {
    this.name = `typed-${arena.dtype}`;
  }

  /** Double scratch rows for accumulations (matmul rows, sums over the batch). */
  private scratch = new Float64Array(64);

  private make(shape: readonly number[]): TypedTensor {
    return this.arena.tensor(shape);
  }

  private acc(n: number): Float64Array {
    if (this.scratch.length < n) this.scratch = new Float64Array(n);
    return this.scratch;
  }

  private map(x: TypedTensor, f: (v: number) => number): TypedTensor {
    const out = this.make(x.shape);
    const a = x.data;
    const o = out.data;
    for (let i = 0; i < a.length; i++) o[i] = f(a[i]);
    return out;
  }

  shape = (x: TypedTensor) => x.shape;
  fill(shape: readonly number[], value: number) {
    const out = this.make(shape);
    out.data.fill(value);
    return out;
  }
  fromArray(shape: readonly number[], values: ArrayLike<number>) {
    const out = this.make(shape);
    for (let i = 0; i < out.data.length; i++) out.data[i] = values[i];
    return out;
  }
  unary(op: UnaryOp, x: TypedTensor) {
    const out = this.make(x.shape);
    unaryInto(op, x.data, out.data);
    return out;
  }
  leakyRelu = (x: TypedTensor, alpha: number) => this.map(x, (v) => (v > 0 ? v : alpha * v));
  leakyStep = (x: TypedTensor, alpha: number) => this.map(x, (v) => (v > 0 ? 1 : alpha));
  scale(x: TypedTensor, c: number) {
    const out = this.make(x.shape);
    const [a, o] = [x.data, out.data];
    for (let i = 0; i < o.length; i++) o[i] = c * a[i];
    return out;
  }

  /** Right-aligned broadcasting: the operand with fewer values repeats (ties go to the higher rank). */
  binary(op: BinaryOp, a: TypedTensor, b: TypedTensor) {
    const [na, nb] = [a.data.length, b.data.length];
    const out = this.make(na > nb || (na === nb && a.shape.length >= b.shape.length) ? a.shape : b.shape);
    binaryInto(op, a.data, b.data, out.data);
    return out;
  }

  matmul(a: TypedTensor, b: TypedTensor, transA: boolean, transB: boolean) {
    const [ar, ac] = a.shape;
    const [br, bc] = b.shape;
    const [n, k] = transA ? [ac, ar] : [ar, ac];
    const m = transB ? br : bc;
    const out = this.make([n, m]);
    matmulInto(a.data, ac, b.data, bc, out.data, n, m, k, transA, transB, this.acc(m));
    return out;
  }

  sumBatch = (x: TypedTensor) => this.sum(x, [0]);
  broadcastBatch = (x: TypedTensor) =>
    this.broadcastAxes({ shape: [1, ...x.shape], data: x.data }, [this.batchSize, ...x.shape]);

  /** Leading axes sum row by row, trailing ones within rows; any other set walks strides. */
  sum(x: TypedTensor, axes: readonly number[]) {
    const out = this.make(x.shape.filter((_, d) => !axes.includes(d)));
    const r = x.shape.length;
    const leading = axes.every((a) => a < axes.length);
    const trailing = axes.every((a) => a >= r - axes.length);
    const inner = sizeOf(x.shape.slice(axes.length));
    if (axes.length === 0) out.data.set(x.data);
    else if (leading) sumRows(x.data, x.data.length / Math.max(inner, 1), inner, out.data, this.acc(inner));
    else if (trailing) sumCols(x.data, out.data.length, x.data.length / Math.max(out.data.length, 1), out.data);
    else sumAxes(x.data, x.shape, axes, out.data);
    return out;
  }

  /** x has the rank of outShape, with size 1 on the axes it is repeated along. */
  broadcastAxes(x: TypedTensor, outShape: readonly number[]) {
    const out = this.make(outShape);
    const o = out.data;
    const first = x.shape.findIndex((n) => n !== 1);
    const repeatsLeading = first < 0 || x.shape.slice(first).every((n, d) => n === outShape[first + d]);
    if (x.data.length === 1) o.fill(x.data[0]);
    else if (repeatsLeading) for (let at = 0; at < o.length; at += x.data.length) o.set(x.data, at);
    if (x.data.length === 1 || repeatsLeading) return out;
    const s = strides(x.shape);
    gather(
      x.data,
      x.shape.map((n, d) => (n === 1 ? 0 : s[d])),
      outShape,
      0,
      o,
    );
    return out;
  }

  reshape = (x: TypedTensor, shape: readonly number[]): TypedTensor => ({ shape: [...shape], data: x.data });

  concat(xs: readonly TypedTensor[], axis: number) {
    const shape = [...xs[0].shape];
    shape[axis] = xs.reduce((s, x) => s + x.shape[axis], 0);
    const out = this.make(shape);
    concatInto(xs, axis, out.data);
    return out;
  }

  slice(x: TypedTensor, begin: readonly number[], size: readonly number[]) {
    const out = this.make(size);
    const s = strides(x.shape);
    gather(
      x.data,
      s,
      size,
      begin.reduce((o, b, d) => o + b * s[d], 0),
      out.data,
    );
    return out;
  }

  softmax(x: TypedTensor) {
    const out = this.make(x.shape);
    const n = x.shape[x.shape.length - 1];
    const [a, o] = [x.data, out.data];
    for (let r = 0; r < a.length; r += n) {
      let max = -Infinity;
      for (let i = r; i < r + n; i++) max = Math.max(max, a[i]);
      let z = 0;
      for (let i = r; i < r + n; i++) z += Math.exp(a[i] - max);
      for (let i = r; i < r + n; i++) o[i] = Math.exp(a[i] - max) / z;
    }
    return out;
  }

  conv2d = (x: TypedTensor, w: TypedTensor) => conv2d(x, w, (s) => this.make(s));
  conv2dBackInput = (d: TypedTensor, w: TypedTensor, xShape: readonly number[]) =>
    conv2dBackInput(d, w, xShape, (s) => this.make(s));
  conv2dBackFilter = (x: TypedTensor, d: TypedTensor, wShape: readonly number[]) =>
    conv2dBackFilter(x, d, wShape, (s) => this.make(s));
  maxPool = (x: TypedTensor, k: number) => maxPool(x, k, (s) => this.make(s));
  maxPoolBack = (x: TypedTensor, d: TypedTensor, k: number) => maxPoolBack(x, d, k, (s) => this.make(s));
  maxPoolSelect = (x: TypedTensor, e: TypedTensor, k: number) => maxPoolSelect(x, e, k, (s) => this.make(s));
}

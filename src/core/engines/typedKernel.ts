/**
 * The kernel interface over plain typed arrays (T = { shape, data }). Every result is drawn
 * from the run's Arena, so a Program re-run at the same batch size allocates no arrays.
 * Arithmetic is in doubles; a float32 arena rounds on store, as WebGL does.
 */
import type { BinaryOp, Kernel, UnaryOp } from '../kernel';
import type { Arena, Floats } from './arena';
import { concatInto, gather, sizeOf, strides, sumAxes } from './strided';
import { conv2d, conv2dBackFilter, conv2dBackInput, maxPool, maxPoolBack, maxPoolSelect } from './typedImage';

export interface TypedTensor {
  readonly shape: readonly number[];
  readonly data: Floats;
}

const sigmoid = (x: number) => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));
const unaries: Record<UnaryOp, (x: number) => number> = {
  neg: (x) => -x,
  sigmoid,
  tanh: Math.tanh,
  relu: (x) => Math.max(x, 0),
  step: (x) => (x > 0 ? 1 : 0),
  exp: Math.exp,
  log: Math.log,
  square: (x) => x * x,
  sqrt: Math.sqrt,
  reciprocal: (x) => 1 / x,
  softplus: (x) => (x > 0 ? x + Math.log1p(Math.exp(-x)) : Math.log1p(Math.exp(x))),
  mod2: (x) => x - 2 * Math.floor(x / 2),
  not: (x) => 1 - x,
};
const binaries: Record<BinaryOp, (a: number, b: number) => number> = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  mul: (a, b) => a * b,
  div: (a, b) => a / b,
  xor: (a, b) => (a + b) % 2,
  and: (a, b) => a * b,
};

export class TypedKernel implements Kernel<TypedTensor> {
  readonly name: string;
  batchSize = 1;

  constructor(readonly arena: Arena) {
    this.name = `typed-${arena.dtype}`;
  }

  private make(shape: readonly number[]): TypedTensor {
    return { shape: [...shape], data: this.arena.alloc(sizeOf(shape)) };
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
  unary = (op: UnaryOp, x: TypedTensor) => this.map(x, unaries[op]);
  leakyRelu = (x: TypedTensor, alpha: number) => this.map(x, (v) => (v > 0 ? v : alpha * v));
  leakyStep = (x: TypedTensor, alpha: number) => this.map(x, (v) => (v > 0 ? 1 : alpha));
  scale = (x: TypedTensor, c: number) => this.map(x, (v) => c * v);

  /** Right-aligned broadcasting of a batched and an unbatched operand: the shorter repeats. */
  binary(op: BinaryOp, a: TypedTensor, b: TypedTensor) {
    const f = binaries[op];
    const out = this.make(a.data.length >= b.data.length ? a.shape : b.shape);
    const [x, y, o] = [a.data, b.data, out.data];
    const [nx, ny] = [x.length, y.length];
    for (let i = 0; i < o.length; i++) o[i] = f(x[nx === o.length ? i : i % nx], y[ny === o.length ? i : i % ny]);
    return out;
  }

  matmul(a: TypedTensor, b: TypedTensor, transA: boolean, transB: boolean) {
    const [ar, ac] = a.shape;
    const [br, bc] = b.shape;
    const [n, k] = transA ? [ac, ar] : [ar, ac];
    const m = transB ? br : bc;
    const out = this.make([n, m]);
    const [x, y, o] = [a.data, b.data, out.data];
    o.fill(0);
    for (let i = 0; i < n; i++) {
      for (let p = 0; p < k; p++) {
        const av = transA ? x[p * ac + i] : x[i * ac + p];
        if (av === 0) continue;
        for (let j = 0; j < m; j++) o[i * m + j] += av * (transB ? y[j * bc + p] : y[p * bc + j]);
      }
    }
    return out;
  }

  sumBatch = (x: TypedTensor) => this.sum(x, [0]);
  broadcastBatch = (x: TypedTensor) =>
    this.broadcastAxes({ shape: [1, ...x.shape], data: x.data }, [this.batchSize, ...x.shape]);

  sum(x: TypedTensor, axes: readonly number[]) {
    const out = this.make(x.shape.filter((_, d) => !axes.includes(d)));
    sumAxes(x.data, x.shape, axes, out.data);
    return out;
  }

  /** x has the rank of outShape, with size 1 on the axes it is repeated along. */
  broadcastAxes(x: TypedTensor, outShape: readonly number[]) {
    const out = this.make(outShape);
    const s = strides(x.shape);
    gather(
      x.data,
      x.shape.map((n, d) => (n === 1 ? 0 : s[d])),
      outShape,
      0,
      out.data,
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

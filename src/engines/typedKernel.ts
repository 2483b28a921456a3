/**
 * The kernel interface over plain typed arrays (T = { shape, data }). Every result is drawn
 * from the run's Arena, so a Program re-run at the same batch size allocates no arrays.
 * Arithmetic is in doubles; a float32 arena rounds on store, as WebGL does.
 */

import type { ConvGeometry, PoolGeometry } from '../core/convGeometry';
import type { BinaryOp, FusedExpr, Kernel, UnaryOp } from '../core/kernel';
import type { Arena, Floats } from './arena';
import { broadcastAxesInto, broadcastBatchInto, sliceOffset, softmaxInto, sumInto, sumKind } from './axisLoops';
import { type FusedScratch, fusedScratch, runFused } from './fusedLoops';
import { matmulInto } from './matmulLoops';
import { concatInto, gather, strides } from './strided';
import {
  batchMatmulInto,
  batchMatmulShape,
  causalMaskInto,
  embedBackInto,
  embedInto,
  layerNormInto,
  transposeInto,
} from './typedBatched';
import { conv2d, conv2dBackFilter, conv2dBackInput, maxPool, maxPoolBack, maxPoolSelect } from './typedImage';
import { binaryInto, leakyReluInto, leakyStepInto, scaleInto, unaryInto } from './typedLoops';

export interface TypedTensor {
  readonly shape: readonly number[];
  readonly data: Floats;
}

/** The batch axis, as `sum` takes it. */
const BATCH_AXIS: readonly number[] = [0];

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

  /**
   * A scratch shape of `rank` axes to fill before `make`, which copies it when it keeps a new
   * record: results allocate no shape array once a Program has run at a batch size.
   */
  private dims(rank: number): number[] {
    let d = this.scratchDims[rank];
    if (d === undefined) {
      d = new Array<number>(rank).fill(0);
      this.scratchDims[rank] = d;
    }
    return d;
  }
  private readonly scratchDims: number[][] = [];

  /**
   * The double scratch row, at least n long. Its length picks matmul's path (rows in pairs when
   * it holds two), so a replay (./typedReplay) keeps the one its recording ran with.
   */
  acc(n: number): Float64Array {
    if (this.scratch.length < n) this.scratch = new Float64Array(n);
    return this.scratch;
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
  leakyRelu(x: TypedTensor, alpha: number) {
    const out = this.make(x.shape);
    leakyReluInto(x.data, alpha, out.data);
    return out;
  }
  leakyStep(x: TypedTensor, alpha: number) {
    const out = this.make(x.shape);
    leakyStepInto(x.data, alpha, out.data);
    return out;
  }
  scale(x: TypedTensor, c: number) {
    const out = this.make(x.shape);
    scaleInto(x.data, c, out.data);
    return out;
  }

  /**
   * Right-aligned broadcasting: the operand with fewer values repeats (ties go to the higher rank).
   * An operand with no values (a batch of zero rows) makes an empty result: a bias of 3 values
   * added to 0 rows of 3 is 0 rows, not 3 values.
   */
  binary(op: BinaryOp, a: TypedTensor, b: TypedTensor) {
    const na = a.data.length;
    const nb = b.data.length;
    const higher = a.shape.length >= b.shape.length;
    const takeA = na === nb ? higher : na === 0 || (nb !== 0 && na > nb);
    const out = this.make(takeA ? a.shape : b.shape);
    binaryInto(op, a.data, b.data, out.data);
    return out;
  }

  matmul(a: TypedTensor, b: TypedTensor, transA: boolean, transB: boolean) {
    const ar = a.shape[0];
    const ac = a.shape[1];
    const bc = b.shape[1];
    const n = transA ? ac : ar;
    const k = transA ? ar : ac;
    const m = transB ? b.shape[0] : bc;
    const shape = this.dims(2);
    shape[0] = n;
    shape[1] = m;
    const out = this.make(shape);
    matmulInto(a.data, ac, b.data, bc, out.data, n, m, k, transA, transB, this.acc(2 * m));
    return out;
  }

  batchMatmul(a: TypedTensor, b: TypedTensor, transA: boolean, transB: boolean) {
    const dims = batchMatmulShape(a.shape, b.shape, transA, transB);
    const out = this.make(dims.shape);
    batchMatmulInto(
      a.data,
      a.shape[a.shape.length - 1],
      b.data,
      b.shape[b.shape.length - 1],
      out.data,
      dims,
      transA,
      transB,
      this.acc(2 * dims.m),
    );
    return out;
  }

  transpose(x: TypedTensor, perm: readonly number[]) {
    const shape = this.dims(perm.length);
    for (let d = 0; d < perm.length; d++) shape[d] = x.shape[perm[d]];
    const out = this.make(shape);
    transposeInto(x.data, x.shape, perm, out.data);
    return out;
  }

  embed(w: TypedTensor, ids: TypedTensor) {
    const width = w.shape[1];
    const out = this.make([...ids.shape, width]);
    embedInto(w.data, width, ids.data, out.data);
    return out;
  }

  embedBack(ids: TypedTensor, d: TypedTensor, rows: number) {
    const width = d.shape[d.shape.length - 1];
    const shape = this.dims(2);
    shape[0] = rows;
    shape[1] = width;
    const out = this.make(shape);
    embedBackInto(ids.data, d.data, width, out.data);
    return out;
  }

  layerNorm(x: TypedTensor, eps: number) {
    const out = this.make(x.shape);
    layerNormInto(x.data, x.shape[x.shape.length - 1], eps, out.data);
    return out;
  }

  causalMask(x: TypedTensor) {
    const out = this.make(x.shape);
    causalMaskInto(x.data, x.shape, out.data);
    return out;
  }

  sumBatch = (x: TypedTensor) => this.sum(x, BATCH_AXIS);

  /** x repeated along a new leading axis of batchSize. */
  broadcastBatch(x: TypedTensor) {
    const r = x.shape.length;
    const shape = this.dims(r + 1);
    shape[0] = this.batchSize;
    for (let d = 0; d < r; d++) shape[d + 1] = x.shape[d];
    const out = this.make(shape);
    broadcastBatchInto(x.data, out.data);
    return out;
  }

  /** Leading axes sum row by row, trailing ones within rows; any other set walks strides. */
  sum(x: TypedTensor, axes: readonly number[]) {
    const r = x.shape.length;
    const na = axes.length;
    let kept = 0;
    const { leading, trailing } = sumKind(r, axes);
    for (let d = 0; d < r; d++) if (!axes.includes(d)) kept++;
    const shape = this.dims(kept);
    for (let d = 0, at = 0; d < r; d++) if (!axes.includes(d)) shape[at++] = x.shape[d];
    const out = this.make(shape);
    let inner = 1;
    for (let d = na; d < r; d++) inner *= x.shape[d];
    sumInto(x.data, x.shape, axes, leading, trailing, out.data, this.acc(inner));
    return out;
  }

  /** x has the rank of outShape, with size 1 on the axes it is repeated along. */
  broadcastAxes(x: TypedTensor, outShape: readonly number[]) {
    const out = this.make(outShape);
    broadcastAxesInto(x.data, x.shape, outShape, out.data);
    return out;
  }

  reshape = (x: TypedTensor, shape: readonly number[]): TypedTensor => this.arena.view(shape, x.data);

  concat(xs: readonly TypedTensor[], axis: number) {
    const shape = this.dims(xs[0].shape.length);
    for (let d = 0; d < shape.length; d++) shape[d] = xs[0].shape[d];
    shape[axis] = 0;
    for (let i = 0; i < xs.length; i++) shape[axis] += xs[i].shape[axis];
    const out = this.make(shape);
    concatInto(xs, axis, out.data);
    return out;
  }

  slice(x: TypedTensor, begin: readonly number[], size: readonly number[]) {
    const out = this.make(size);
    const s = strides(x.shape);
    gather(x.data, s, size, sliceOffset(begin, s), out.data);
    return out;
  }

  softmax(x: TypedTensor) {
    const out = this.make(x.shape);
    const n = x.shape[x.shape.length - 1];
    softmaxInto(x.data, n, out.data, this.acc(n));
    return out;
  }

  conv2d = (x: TypedTensor, w: TypedTensor, g: ConvGeometry) => conv2d(x, w, g, (s) => this.make(s));
  conv2dBackInput = (d: TypedTensor, w: TypedTensor, xShape: readonly number[], g: ConvGeometry) =>
    conv2dBackInput(d, w, xShape, g, (s) => this.make(s));
  conv2dBackFilter = (x: TypedTensor, d: TypedTensor, wShape: readonly number[], g: ConvGeometry) =>
    conv2dBackFilter(x, d, wShape, g, (s) => this.make(s));
  maxPool = (x: TypedTensor, p: PoolGeometry) => maxPool(x, p, (s) => this.make(s));
  maxPoolBack = (x: TypedTensor, d: TypedTensor, p: PoolGeometry) => maxPoolBack(x, d, p, (s) => this.make(s));
  maxPoolSelect = (x: TypedTensor, e: TypedTensor, p: PoolGeometry) => maxPoolSelect(x, e, p, (s) => this.make(s));

  /** Scratch tiles of each fused expression this kernel has run. */
  private readonly fusedTiles = new WeakMap<FusedExpr, FusedScratch>();
  /** Reused argument lists of runFused. */
  private fusedIns: Floats[] = [];
  private fusedOuts: Floats[] = [];

  fused(expr: FusedExpr, inputs: readonly TypedTensor[], shape: readonly number[]) {
    const outs: TypedTensor[] = new Array(expr.outputs.length);
    for (let j = 0; j < outs.length; j++) outs[j] = this.make(shape);
    let scratch = this.fusedTiles.get(expr);
    if (!scratch) {
      scratch = fusedScratch(expr, this.arena.dtype === 'float64' ? new Float64Array(0) : new Float32Array(0));
      this.fusedTiles.set(expr, scratch);
    }
    const ins = this.fusedIns;
    // no length set (a runtime call, and the lists are shared by every expression): runFused
    // reads the first nInputs inputs and the first outputs.length outputs
    for (let r = 0; r < inputs.length; r++) ins[r] = inputs[r].data;
    const os = this.fusedOuts;
    for (let j = 0; j < outs.length; j++) os[j] = outs[j].data;
    runFused(ins, os, outs.length > 0 ? outs[0].data.length : 0, scratch);
    return outs;
  }
}

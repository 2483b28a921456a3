/**
 * The kernel interface on tfjs, for whichever backend is live (webgl, wasm, cpu). Only public
 * tfjs ops are used, each differentiable by tf.grad (our second oracle). Convolutions are in
 * `tfjsConv.ts`, max pooling in `tfjsPool.ts`.
 */
import * as tf from '@tensorflow/tfjs';
import type { ConvGeometry, PoolGeometry } from '../core/convGeometry';
import type { BinaryOp, FusedExpr, Kernel, UnaryOp } from '../core/kernel';
import { conv2dBackFilterTf, conv2dBackInputTf, conv2dTf } from './tfjsConv';
import { cpuMatMulTf } from './tfjsCpuMatMul';
import { runFusedTf } from './tfjsFused';
import { binaries, unaries } from './tfjsOps';
import { maxPoolBackTf, maxPoolSelectTf, maxPoolTf } from './tfjsPool';

/*
 * On webgl, Square and Reciprocal have only unpacked shader programs, so each one unpacks its
 * (packed) input, runs on 4× the texels, and its output is packed again for every packed consumer
 * — on a 784×128 Adam moment that is 3–4 extra full-texture passes per op. The same arithmetic
 * through packed binary programs: x·x, and 1/x (RealDiv's packed program returns exactly 1 where
 * a = b, which for a = 1 is 1/1 = 1 anyway).
 */
const webglUnaries: Partial<Record<UnaryOp, (x: tf.Tensor) => tf.Tensor>> = {
  square: (x) => tf.mul(x, x),
  reciprocal: (x) => tf.div(1, x),
};

/** x with one zero appended along `axis`. */
const padOne = (x: tf.Tensor2D, axis: number) =>
  tf.pad(
    x,
    x.shape.map((_, i) => [0, i === axis ? 1 : 0] as [number, number]),
  );

/*
 * Workaround for tfjs-backend-webgl 4.22. Every webgl matMul runs MatMulPackedProgram, which
 * reads the shared dimension two at a time from packed (2×2 per texel) textures. When that
 * dimension is odd, its last pass adds A's padding lanes times B's padding lanes into the real
 * outputs. Nothing keeps those lanes at zero: packed pointwise ops compute on them too (the zero
 * padding of `1 − exp(t·log β)` becomes −1, `sqrt` makes it NaN) and broadcasts spread it, so a
 * product of finite tensors comes out NaN, or silently wrong if the garbage is finite. Seen as
 * the Adam step of a 2-16-16-1 net going NaN at batch 1 (`outer` with shared dimension = batch 1).
 * The same family as tensorflow/tfjs#1544 (NaN from packed padding in div, fixed there for div
 * only). So, on webgl only: a shared dimension of 1 is an outer product, one broadcast multiply
 * (which reads no padding, and is cheaper than the matMul); any other odd one gets one zero
 * appended by tf.pad, whose packed program writes zero into every lane outside its data.
 */
function oddSharedMatMul(a: tf.Tensor2D, b: tf.Tensor2D, ta: boolean, tb: boolean): tf.Tensor2D | undefined {
  const k = a.shape[ta ? 0 : 1];
  if (k % 2 === 0 || tf.getBackend() !== 'webgl') return undefined;
  if (k === 1) return tf.tidy(() => tf.mul(tf.reshape(a, [a.size, 1]), tf.reshape(b, [1, b.size])));
  return tf.tidy(() => tf.matMul(padOne(a, ta ? 0 : 1), padOne(b, tb ? 1 : 0), ta, tb));
}

/*
 * On wasm (tfjs-backend-wasm 4.22), BatchMatMul with transposeA does not take XNNPACK's fast
 * path: aᵀb for a [256,784] batch and b [256,128] takes 19 ms, where transposing a first and
 * multiplying takes 3.6 ms (2.5 → 1.7 ms at batch 32). That product is every weight's change
 * (xᵀ·δ), so on wasm a transposed left operand is transposed explicitly — by a reshape when it
 * is a single row, which is free.
 */
function wasmTransposedLeft(a: tf.Tensor2D, b: tf.Tensor2D, tb: boolean): tf.Tensor2D {
  const at = a.shape[0] === 1 ? tf.reshape(a, [a.shape[1], 1]) : tf.transpose(a);
  return tf.matMul(at as tf.Tensor2D, b, false, tb);
}

/** Ids to int32, rounding half up as Math.round does (tf.round rounds half to even). */
const nearest = (ids: tf.Tensor) => tf.cast(tf.floor(tf.add(ids, 0.5)), 'int32');

/*
 * The ids are integers: nothing flows back to them. tfjs's own gradients of gather and
 * unsortedSegmentSum refuse the int32 ids under tf.grad (the second oracle of the tests), so
 * each lookup is a customGrad whose change of the ids is 0 and whose change of W (of d) is
 * the other op (scatter-add, gather), written with tfjs's ops.
 */
type Args = (tf.Tensor | tf.GradSaveFunc)[];

/**
 * The rows of `rows` ([n, c]) added up into `count` rows at `ids` ([n], int32): tfjs's
 * unsortedSegmentSum where the backend has it; tfjs-wasm has none, so there the sum is the
 * product one-hot(ids)ᵀ · rows, the same sum (the embedding's reverse, docs/generators.md).
 */
function scatterAdd(rows: tf.Tensor, ids: tf.Tensor1D, count: number): tf.Tensor {
  if (tf.getKernel('UnsortedSegmentSum', tf.getBackend())) return tf.unsortedSegmentSum(rows, ids, count);
  return tf.matMul(tf.cast(tf.oneHot(ids, count), 'float32'), rows, true, false);
}

const lookup: (w: tf.Tensor, ids: tf.Tensor) => tf.Tensor = tf.customGrad((...args: Args) => {
  const [w, ids, save] = args as [tf.Tensor, tf.Tensor, tf.GradSaveFunc];
  save([w, ids]);
  return {
    value: tf.tidy(() => tf.gather(w, nearest(ids))),
    gradFunc: (dy: tf.Tensor | tf.Tensor[], [ww, saved]: tf.Tensor[]) => {
      const g = dy as tf.Tensor;
      const idx = tf.reshape(nearest(saved), [-1]) as tf.Tensor1D;
      const dw = scatterAdd(tf.reshape(g, [-1, g.shape[g.shape.length - 1]]), idx, ww.shape[0]);
      return [dw, tf.zerosLike(saved)];
    },
  };
});

const scatters = new Map<number, (d: tf.Tensor, ids: tf.Tensor) => tf.Tensor>();
/** The scatter-add of d's rows into `rows` rows at ids, as a customGrad per row count. */
function scatterRows(rows: number): (d: tf.Tensor, ids: tf.Tensor) => tf.Tensor {
  let f = scatters.get(rows);
  if (f) return f;
  const flat = (ids: tf.Tensor) => tf.reshape(nearest(ids), [-1]) as tf.Tensor1D;
  const rowsOf = (d: tf.Tensor) => tf.reshape(d, [-1, d.shape[d.shape.length - 1]]);
  f = tf.customGrad((...args: Args) => {
    const [d, ids, save] = args as [tf.Tensor, tf.Tensor, tf.GradSaveFunc];
    save([d, ids]);
    return {
      value: tf.tidy(() => scatterAdd(rowsOf(d), flat(ids), rows)),
      gradFunc: (dy: tf.Tensor | tf.Tensor[], [dd, saved]: tf.Tensor[]) => {
        return [tf.reshape(tf.gather(dy as tf.Tensor, flat(saved)), dd.shape), tf.zerosLike(saved)];
      },
    };
  }) as (d: tf.Tensor, ids: tf.Tensor) => tf.Tensor;
  scatters.set(rows, f);
  return f;
}

export class TfjsKernel implements Kernel<tf.Tensor> {
  readonly name = `tfjs-${tf.getBackend()}`;
  private readonly webgl = tf.getBackend() === 'webgl';
  private readonly wasm = tf.getBackend() === 'wasm';
  private readonly cpu = tf.getBackend() === 'cpu';
  batchSize = 1;

  shape = (x: tf.Tensor) => x.shape;
  fill = (shape: readonly number[], value: number) => tf.fill([...shape], value);
  fromArray = (shape: readonly number[], values: ArrayLike<number>) => tf.tensor(Float32Array.from(values), [...shape]);
  unary = (op: UnaryOp, x: tf.Tensor) => (this.webgl ? (webglUnaries[op] ?? unaries[op]) : unaries[op])(x);
  leakyRelu = (x: tf.Tensor, alpha: number) => tf.leakyRelu(x, alpha);
  leakyStep = (x: tf.Tensor, alpha: number) => tf.step(x, alpha);
  binary = (op: BinaryOp, a: tf.Tensor, b: tf.Tensor) => binaries[op](a, b);
  scale = (x: tf.Tensor, c: number) => tf.mul(x, c);
  matmul = (a: tf.Tensor, b: tf.Tensor, ta: boolean, tb: boolean) =>
    (this.cpu ? cpuMatMulTf(a, b, ta, tb) : undefined) ??
    (this.wasm && ta
      ? tf.tidy(() => wasmTransposedLeft(a as tf.Tensor2D, b as tf.Tensor2D, tb))
      : (oddSharedMatMul(a as tf.Tensor2D, b as tf.Tensor2D, ta, tb) ??
        tf.matMul(a as tf.Tensor2D, b as tf.Tensor2D, ta, tb)));
  batchMatmul = (a: tf.Tensor, b: tf.Tensor, ta: boolean, tb: boolean) => tf.matMul(a, b, ta, tb);
  transpose = (x: tf.Tensor, perm: readonly number[]) => tf.transpose(x, [...perm]);
  /** where(j ≤ i, x, −∞) over the last two axes; the lower triangle comes from bandPart. */
  causalMask = (x: tf.Tensor) =>
    tf.tidy(() => {
      const [rows, cols] = x.shape.slice(-2);
      const keep = tf.cast(tf.linalg.bandPart(tf.ones([rows, cols]), -1, 0), 'bool');
      return tf.where(tf.broadcastTo(keep, x.shape), x, tf.fill(x.shape, Number.NEGATIVE_INFINITY));
    });
  embed = (w: tf.Tensor, ids: tf.Tensor) => lookup(w, ids);
  embedBack = (ids: tf.Tensor, d: tf.Tensor, rows: number) => scatterRows(rows)(d, ids);
  layerNorm = (x: tf.Tensor, eps: number) =>
    tf.tidy(() => {
      const { mean, variance } = tf.moments(x, -1, true);
      return tf.mul(tf.sub(x, mean), tf.rsqrt(tf.add(variance, eps)));
    });
  sumBatch = (x: tf.Tensor) => tf.sum(x, 0);
  broadcastBatch = (x: tf.Tensor) => tf.broadcastTo(tf.expandDims(x, 0), [this.batchSize, ...x.shape]);
  sum = (x: tf.Tensor, axes: readonly number[]) => (axes.length === 0 ? tf.clone(x) : tf.sum(x, [...axes]));
  broadcastAxes = (x: tf.Tensor, outShape: readonly number[]) => tf.broadcastTo(x, [...outShape]);
  reshape = (x: tf.Tensor, shape: readonly number[]) => tf.reshape(x, [...shape]);
  concat = (xs: readonly tf.Tensor[], axis: number) => tf.concat([...xs], axis);
  slice = (x: tf.Tensor, begin: readonly number[], size: readonly number[]) => tf.slice(x, [...begin], [...size]);
  softmax = (x: tf.Tensor) => tf.softmax(x);
  conv2d = (x: tf.Tensor, w: tf.Tensor, g: ConvGeometry) => conv2dTf(x, w, g);
  conv2dBackInput = (d: tf.Tensor, w: tf.Tensor, xShape: readonly number[], g: ConvGeometry) =>
    conv2dBackInputTf(d, w, xShape, g);
  conv2dBackFilter = (x: tf.Tensor, d: tf.Tensor, wShape: readonly number[], g: ConvGeometry) =>
    conv2dBackFilterTf(x, d, wShape, g);
  maxPool = (x: tf.Tensor, p: PoolGeometry) => maxPoolTf(x, p);
  maxPoolBack = (x: tf.Tensor, d: tf.Tensor, p: PoolGeometry) => maxPoolBackTf(x, d, p);
  maxPoolSelect = (x: tf.Tensor, e: tf.Tensor, p: PoolGeometry) => maxPoolSelectTf(x, e, p);
  fused = (expr: FusedExpr, inputs: readonly tf.Tensor[], shape: readonly number[]) => runFusedTf(expr, inputs, shape);
}

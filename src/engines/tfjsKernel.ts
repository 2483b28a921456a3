/**
 * The kernel interface on tfjs, for whichever backend is live (webgl, wasm, cpu). Only public
 * tfjs ops are used, each differentiable by tf.grad (our second oracle). Max-pool routing goes
 * through argMax over each window, which picks the first maximum as the typed engine does.
 */
import * as tf from '@tensorflow/tfjs';
import { type ConvGeometry, isTiling, isValidGeometry, type PoolGeometry, pooledHW } from '../core/convGeometry';
import type { BinaryOp, FusedExpr, Kernel, UnaryOp } from '../core/kernel';
import { cpuMatMulTf } from './tfjsCpuMatMul';
import { runFusedTf } from './tfjsFused';
import { binaries, unaries } from './tfjsOps';

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

/** [B,H,W,C] → [B,ho,wo,C,k·k]: each pooling window on the last axis (floor-cropped). */
function windows(x: tf.Tensor, k: number): tf.Tensor {
  const [B, H, W, C] = x.shape;
  const [ho, wo] = [Math.floor(H / k), Math.floor(W / k)];
  const cropped = H === ho * k && W === wo * k ? x : tf.slice(x, [0, 0, 0, 0], [B, ho * k, wo * k, C]);
  return tf.transpose(tf.reshape(cropped, [B, ho, k, wo, k, C]), [0, 1, 3, 5, 2, 4]).reshape([B, ho, wo, C, k * k]);
}

function argmaxMask(x: tf.Tensor, k: number): tf.Tensor {
  return firstMaxima(windows(x, k), k * k);
}

/**
 * One-hot of each row's first maximum along the last axis, as float32. Made as int32 and cast:
 * tfjs's wasm OneHot asked for float32 writes the integer 1's bits (1.4e-45), which routed every
 * max pool's change to nothing on wasm (engines/oraclesWasm.test.ts caught it).
 */
function firstMaxima(windowed: tf.Tensor, cells: number): tf.Tensor {
  return tf.tidy(() => tf.cast(tf.oneHot(tf.argMax(windowed, -1), cells), 'float32'));
}

/** x padded with `fill` by the pool's pads. */
function poolPad(x: tf.Tensor, p: PoolGeometry, fill: number): tf.Tensor {
  const [t, b, l, r] = p.pads;
  return p.pads.some((v) => v > 0)
    ? tf.pad(
        x,
        [
          [0, 0],
          [t, b],
          [l, r],
          [0, 0],
        ],
        fill,
      )
    : x;
}

/**
 * [B, ho, wo, C, k·k]: each window of the padded x, its cells in row-major order (tap (i, j) is
 * the strided slice starting at row i, column j). The tiling pool takes the cheaper `windows`.
 */
function poolWindows(x: tf.Tensor, p: PoolGeometry, fill: number): tf.Tensor {
  if (isTiling(p)) return windows(x, p.k);
  const [B, H, W, C] = x.shape;
  const [ho, wo] = pooledHW(p, H, W);
  const s = p.stride;
  // padded further at the end so that every tap's ho·s rows exist (tfjs's StridedSlice has no gradient)
  const [t, b, l, r] = p.pads;
  const [hp, wp] = [H + t + b, W + l + r];
  const [eh, ew] = [Math.max(0, p.k - 1 + ho * s - hp), Math.max(0, p.k - 1 + wo * s - wp)];
  const xp = poolPad(x, { ...p, pads: [t, b + eh, l, r + ew] }, fill);
  const taps: tf.Tensor[] = [];
  for (let i = 0; i < p.k; i++)
    for (let j = 0; j < p.k; j++) {
      const block = tf.reshape(tf.slice(xp, [0, i, j, 0], [B, ho * s, wo * s, C]), [B, ho, s, wo, s, C]);
      taps.push(tf.reshape(tf.slice(block, [0, 0, 0, 0, 0, 0], [B, ho, 1, wo, 1, C]), [B, ho, wo, C]));
    }
  return tf.stack(taps, -1);
}

/** One-hot of each window's first maximum (padding is −∞, never one). */
function poolMask(x: tf.Tensor, p: PoolGeometry): tf.Tensor {
  return firstMaxima(poolWindows(x, p, -Infinity), p.k * p.k);
}

/** The dagger of poolWindows: each window cell's value added back at its place in x (overlaps add). */
function unwindow(v: tf.Tensor, xShape: readonly number[], p: PoolGeometry): tf.Tensor {
  const [B, H, W, C] = xShape;
  const [, ho, wo] = v.shape;
  const s = p.stride;
  const [t, , l] = p.pads;
  const [hp, wp] = [H + p.pads[0] + p.pads[1], W + p.pads[2] + p.pads[3]];
  const cells = tf.unstack(v, -1);
  let sum: tf.Tensor | undefined;
  for (let i = 0; i < p.k; i++)
    for (let j = 0; j < p.k; j++) {
      // values at rows i, i+s, …: spread by zeros between them, shifted to row i
      const spread = tf
        .pad(tf.reshape(cells[i * p.k + j], [B, ho, 1, wo, 1, C]), [
          [0, 0],
          [0, 0],
          [0, s - 1],
          [0, 0],
          [0, s - 1],
          [0, 0],
        ])
        .reshape([B, ho * s, wo * s, C]);
      const rows = Math.min(ho * s, hp - i);
      const cols = Math.min(wo * s, wp - j);
      const placed = tf.pad(tf.slice(spread, [0, 0, 0, 0], [B, rows, cols, C]), [
        [0, 0],
        [i, hp - i - rows],
        [j, wp - j - cols],
        [0, 0],
      ]);
      sum = sum ? tf.add(sum, placed) : placed;
    }
  return tf.slice(sum as tf.Tensor, [0, t, l, 0], [B, H, W, C]);
}

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
  conv2d = (x: tf.Tensor, w: tf.Tensor, g: ConvGeometry) =>
    isValidGeometry(g) ? tf.conv2d(x as tf.Tensor4D, w as tf.Tensor4D, 1, 'valid') : correlate(x, w, g);

  /** The change of the input: tfjs's own transpose when valid, else the vjp of `correlate` in x. */
  conv2dBackInput = (d: tf.Tensor, w: tf.Tensor, xShape: readonly number[], g: ConvGeometry) =>
    isValidGeometry(g)
      ? tf.conv2dTranspose(d as tf.Tensor4D, w as tf.Tensor4D, xShape as [number, number, number, number], 1, 'valid')
      : tf.tidy(() => tf.grad((x: tf.Tensor) => correlate(x, w, g, false))(tf.zeros([...xShape]), d));

  /** dW[i,j,c,o] = Σ x[b,y+i,q+j,c]·d[b,y,q,o]: a correlation with channels and batch swapped. */
  conv2dBackFilter(x: tf.Tensor, d: tf.Tensor, wShape: readonly number[], g: ConvGeometry) {
    if (!isValidGeometry(g)) return tf.tidy(() => backFilter(x, d, wShape, g));
    const xs = tf.transpose(x, [3, 1, 2, 0]) as tf.Tensor4D;
    const ds = tf.transpose(d, [1, 2, 0, 3]) as tf.Tensor4D;
    return tf.transpose(tf.conv2d(xs, ds, 1, 'valid'), [1, 2, 0, 3]);
  }

  maxPool = (x: tf.Tensor, p: PoolGeometry) => tf.max(poolWindows(x, p, -Infinity), -1);

  maxPoolBack(x: tf.Tensor, d: tf.Tensor, p: PoolGeometry) {
    if (!isTiling(p)) return unwindow(tf.mul(poolMask(x, p), tf.expandDims(d, -1)), x.shape, p);
    const { k } = p;
    const [B, H, W, C] = x.shape;
    const [ho, wo] = [Math.floor(H / k), Math.floor(W / k)];
    const routed = tf.mul(argmaxMask(x, k), tf.expandDims(d, -1)).reshape([B, ho, wo, C, k, k]);
    const back = tf.transpose(routed, [0, 1, 4, 2, 5, 3]).reshape([B, ho * k, wo * k, C]);
    return H === ho * k && W === wo * k
      ? back
      : tf.pad(back, [
          [0, 0],
          [0, H - ho * k],
          [0, W - wo * k],
          [0, 0],
        ]);
  }

  maxPoolSelect = (x: tf.Tensor, e: tf.Tensor, p: PoolGeometry) =>
    tf.sum(tf.mul(poolMask(x, p), poolWindows(e, p, 0)), -1);

  fused = (expr: FusedExpr, inputs: readonly tf.Tensor[], shape: readonly number[]) => runFusedTf(expr, inputs, shape);
}

/**
 * A correlation with padding, stride, dilation and groups out of the ops whose gradients tfjs
 * has on every backend: explicit zero padding, the filter dilated by inserting zeros (tfjs's
 * conv gradients refuse dilation), then a strided valid conv2d, a depthwiseConv2d (one input
 * channel per group) or one conv2d per group. Under tf.grad (conv2dBackInput) the depthwise op
 * is not used: the gradient of its input gradient is missing in tfjs, and R[R[f]] needs it.
 */
function correlate(x: tf.Tensor, w: tf.Tensor, g: ConvGeometry, depthwise = true): tf.Tensor4D {
  const [pt, pb, pl, pr] = g.pads;
  const xp = (
    g.pads.some((p) => p > 0)
      ? tf.pad(x, [
          [0, 0],
          [pt, pb],
          [pl, pr],
          [0, 0],
        ])
      : x
  ) as tf.Tensor4D;
  const wd = dilate(w, g.dilations) as tf.Tensor4D;
  const strides = [g.strides[0], g.strides[1]] as [number, number];
  if (g.groups === 1) return tf.conv2d(xp, wd, strides, 'valid');
  const [kh, kw, cg, o] = wd.shape;
  const c = xp.shape[3];
  if (depthwise && cg === 1 && g.groups === c)
    return tf.depthwiseConv2d(xp, tf.reshape(wd, [kh, kw, c, o / c]) as tf.Tensor4D, strides, 'valid');
  const xs = tf.split(xp, g.groups, 3);
  const ws = tf.split(wd, g.groups, 3);
  return tf.concat(
    xs.map((xi, i) => tf.conv2d(xi as tf.Tensor4D, ws[i] as tf.Tensor4D, strides, 'valid')),
    3,
  ) as tf.Tensor4D;
}

/**
 * dW[i,j,c,o] = Σ_{b,y,q} x̂[b, y·sh+i·dh, q·sw+j·dw, c]·d[b,y,q,o], per group: a forward conv2d
 * with batch and channels swapped, d dilated by the stride and stepping by the dilation (tfjs
 * has no gradient of its own filter-gradient op, so this stays differentiable).
 */
function backFilter(x: tf.Tensor, d: tf.Tensor, wShape: readonly number[], g: ConvGeometry): tf.Tensor {
  const [pt, pb, pl, pr] = g.pads;
  const xp = g.pads.some((p) => p > 0)
    ? tf.pad(x, [
        [0, 0],
        [pt, pb],
        [pl, pr],
        [0, 0],
      ])
    : x;
  const [kh, kw, cg, o] = wShape;
  const og = o / g.groups;
  const one = (gi: number) => {
    const xg = g.groups === 1 ? xp : tf.slice(xp, [0, 0, 0, gi * cg], [-1, -1, -1, cg]);
    const dg = g.groups === 1 ? d : tf.slice(d, [0, 0, 0, gi * og], [-1, -1, -1, og]);
    const xs = tf.transpose(xg, [3, 1, 2, 0]) as tf.Tensor4D;
    const ds = dilate(tf.transpose(dg, [1, 2, 0, 3]), g.strides) as tf.Tensor4D;
    const r = tf.conv2d(xs, ds, [g.dilations[0], g.dilations[1]], 'valid');
    return tf.transpose(tf.slice(r, [0, 0, 0, 0], [-1, kh, kw, -1]), [1, 2, 0, 3]);
  };
  return g.groups === 1
    ? one(0)
    : tf.concat(
        Array.from({ length: g.groups }, (_, gi) => one(gi)),
        3,
      );
}

/** A [kh, kw, c, o] filter with dilation − 1 zero rows (columns) between its taps. */
function dilate(w: tf.Tensor, [dh, dw]: readonly [number, number]): tf.Tensor {
  if (dh === 1 && dw === 1) return w;
  const [kh, kw, c, o] = w.shape;
  const spread = tf.pad(tf.reshape(w, [kh, 1, kw, 1, c, o]), [
    [0, 0],
    [0, dh - 1],
    [0, 0],
    [0, dw - 1],
    [0, 0],
    [0, 0],
  ]);
  const big = tf.reshape(spread, [kh * dh, kw * dw, c, o]);
  return tf.slice(big, [0, 0, 0, 0], [(kh - 1) * dh + 1, (kw - 1) * dw + 1, c, o]);
}

/**
 * The small kernel interface every generator's forward is written against (docs/architecture.md, "The floors").
 * Two engines implement it: tfjs (T = tf.Tensor, any backend) and typed arrays
 * (T = a shape plus a Float64Array or Float32Array). A generator never knows which one runs it.
 *
 * Shapes passed to and returned by a kernel are *full* shapes: a batched wire of type ℝ^n is a
 * tensor of shape [B, n], an unbatched (parameter) wire of type ℝ^{n×m} is [n, m].
 * Elementwise binary ops broadcast right-aligned, which covers batched ⊗ unbatched operands of
 * the same wire shape and an unbatched scalar against any shape (the type rules allow nothing else).
 */
import type { ConvGeometry, PoolGeometry } from './convGeometry';

export type UnaryOp =
  | 'neg'
  | 'sigmoid'
  | 'tanh'
  | 'relu'
  | 'step' // 1 where x > 0, else 0: relu's derivative
  | 'exp'
  | 'log'
  | 'square'
  | 'sqrt'
  | 'reciprocal'
  | 'softplus'
  | 'erf' // the error function, 2/√π ∫₀ˣ e^(−t²) dt
  | 'mod2' // x mod 2 into {0, 1}: how z2 values are kept canonical
  | 'not'; // 1 − x, on z2

export type BinaryOp = 'add' | 'sub' | 'mul' | 'div' | 'xor' | 'and';

/*
 * A fused step (fuse.ts): a small straight-line program of the pointwise ops above, which a
 * kernel runs in one pass over its output (`Kernel.fused`).
 */

/** One instruction; its result is register `nInputs + index`. */
export type FusedInstr =
  | { readonly op: 'unary'; readonly fn: UnaryOp; readonly a: number }
  | { readonly op: 'binary'; readonly fn: BinaryOp; readonly a: number; readonly b: number }
  | { readonly op: 'scale' | 'leakyRelu' | 'leakyStep'; readonly a: number; readonly c: number };

/**
 * Registers 0…nInputs−1 are the inputs, each of the output's full shape, a trailing part of it
 * (repeated, as a bias along the batch), a leading part of it (each value repeated, see `each`)
 * or a scalar. Every instruction's result has the output's full shape. `outputs` are the
 * registers written out, in the step's output order.
 */
export interface FusedExpr {
  readonly nInputs: number;
  readonly code: readonly FusedInstr[];
  readonly outputs: readonly number[];
  /**
   * Per input, how many consecutive values of the output share one of its values (absent or 1:
   * none): input r at output index i is x[⌊i / each[r]⌋ mod len]. A `broadcast` along trailing
   * feature axes becomes such an input instead of a step.
   */
  readonly each?: readonly number[];
}

export interface Kernel<T> {
  readonly name: string;
  shape(x: T): readonly number[];
  /** Batch size of the run: the leading dimension every batched tensor shares. */
  readonly batchSize: number;
  fill(shape: readonly number[], value: number): T;
  fromArray(shape: readonly number[], values: ArrayLike<number>): T;
  unary(op: UnaryOp, x: T): T;
  /** leaky relu and its derivative: x>0 ? x : αx, x>0 ? 1 : α. */
  leakyRelu(x: T, alpha: number): T;
  leakyStep(x: T, alpha: number): T;
  binary(op: BinaryOp, a: T, b: T): T;
  scale(x: T, c: number): T;
  /** a·b over the last axis of a and first of b (after optional transposes of 2-D operands);
   * a may be batched [B, n] with b unbatched [n, m]; transA with a batched gives aᵀb summed over the batch. */
  matmul(a: T, b: T, transA: boolean, transB: boolean): T;
  /**
   * op(a)·op(b) over the last two axes, for every index of the leading axes, which a and b share
   * (both of rank ≥ 2; transposes swap the last two axes). Attention's QKᵀ and AV.
   */
  batchMatmul(a: T, b: T, transA: boolean, transB: boolean): T;
  /** Axis permutation: axis i of the result is axis perm[i] of x (full-shape axes). */
  transpose(x: T, perm: readonly number[]): T;
  /** Σ over axis 0. */
  sumBatch(x: T): T;
  /** Repeat an unbatched x along a new leading axis of size batchSize. */
  broadcastBatch(x: T): T;
  /** Σ over the given axes (full-shape axes), keeping none of them. */
  sum(x: T, axes: readonly number[]): T;
  /** Broadcast x to outShape: x has outShape's rank, with size 1 on the axes it repeats along
   * (reshape first). The dagger of sum. */
  broadcastAxes(x: T, outShape: readonly number[]): T;
  reshape(x: T, shape: readonly number[]): T;
  concat(xs: readonly T[], axis: number): T;
  slice(x: T, begin: readonly number[], size: readonly number[]): T;
  /**
   * Rows of w [V, D] at ids (any shape S, integer values rounded, each in 0…V−1): [...S, D].
   * An engine that can check the ids refuses one outside, naming it.
   */
  embed(w: T, ids: T): T;
  /** Its transpose in w: a [V, D] of zeros with each row d[…, :] added at row ids[…] (a scatter-add). */
  embedBack(ids: T, d: T, rows: number): T;
  /** (x − μ)/√(σ² + eps) over the last axis, μ and σ² (biased) that axis's mean and variance. */
  layerNorm(x: T, eps: number): T;
  /** Softmax over the last axis. */
  softmax(x: T): T;
  /**
   * x with −∞ at every entry [… i, j] (the last two axes) where j > i: a causal mask, so that a
   * softmax over the last axis gives no weight to later positions.
   */
  causalMask(x: T): T;
  /**
   * Cross-correlation, NHWC input [B,h,w,c], filter [kh,kw,c/groups,o], no bias, with the zero
   * padding, stride, dilation and groups of `g` (convGeometry.ts).
   */
  conv2d(x: T, w: T, g: ConvGeometry): T;
  /** Its two transposes: change of the input (of full shape xShape) and of the filter (wShape). */
  conv2dBackInput(d: T, w: T, xShape: readonly number[], g: ConvGeometry): T;
  conv2dBackFilter(x: T, d: T, wShape: readonly number[], g: ConvGeometry): T;
  /** Max pooling, NHWC, window k×k with the stride and padding of `p` (convGeometry.ts). */
  maxPool(x: T, p: PoolGeometry): T;
  /** Routes each window's change to the position of its maximum in x (the reverse of maxPool); overlapping windows add. */
  maxPoolBack(x: T, d: T, p: PoolGeometry): T;
  /** Picks, for each window of x, the value of e at the window's argmax (the dagger of maxPoolBack in d). */
  maxPoolSelect(x: T, e: T, p: PoolGeometry): T;
  /**
   * A fused run of pointwise ops (fuse.ts): every output has the full `shape`; each input has
   * it, or a trailing part of it (repeated along the leading axes), or is a scalar.
   */
  fused(expr: FusedExpr, inputs: readonly T[], shape: readonly number[]): T[];
}

/**
 * The tfjs graph-model op table (docs/export.md, "tfjs graph model"): each generator ↦ the
 * TensorFlow ops tfjs-converter executes for it, or the reason it has none. Images are NHWC and
 * filters [kh, kw, c, o] in both Lensboard and TensorFlow, so convolutions map as they are
 * (`imageOps.ts`).
 * tfjs's MatMul wants matrices: an unbatched vector is made a row and back.
 * ℤ₂ wires are float32 0/1 values; sums over them are taken mod 2.
 */
import type { WireType } from '../../core/wire';
import { ExportError, type ExportNode } from '../graph';
import { type OpTable, refused } from '../opTable';
import {
  causalMaskTable,
  clipHigh,
  clipLow,
  featureAxes,
  keptShape,
  lead,
  mintermTable,
  summedAxes,
} from '../opValues';
import { FLOAT, type TfAttr, type TfBuilder } from './builder';
import { T, TFJS_IMAGE_OPS, type TfEntry } from './imageOps';

const same =
  (op: string, attr: (n: ExportNode) => Record<string, TfAttr> = () => T): TfEntry =>
  (b, n) =>
    void b.op(op, n.inputs, n.outputs[0], attr(n));

const mod2 = (b: TfBuilder, x: string, out: string) => b.op('FloorMod', [x, b.scalar('two', 2)], out, T);

function reduceSum(b: TfBuilder, n: ExportNode, axes: readonly number[]): void {
  const z2 = n.inputTypes[0].field === 'z2';
  const out = z2 ? b.fresh('sum') : n.outputs[0];
  if (axes.length === 0) b.op('Identity', [n.inputs[0]], out, T);
  else b.op('Sum', [n.inputs[0], b.ints('axes', axes)], out, { T: FLOAT, keep_dims: { b: false } });
  if (z2) mod2(b, out, n.outputs[0]);
}

/** GELU: ½x·(1 + erf(x/√2)), or ½x·(1 + tanh(√(2/π)(x + 0.044715x³))). */
function gelu(b: TfBuilder, x: string, out: string, tanh: boolean): void {
  let inner: string;
  if (tanh) {
    const cube = b.value('Mul', [x, b.value('Square', [x], 'square', T)], 'cube', T);
    const u = b.value('AddV2', [x, b.value('Mul', [cube, b.scalar('kappa', 0.044715)], 'cubic', T)], 'u', T);
    const scaled = b.value('Mul', [u, b.scalar('sqrt_2_over_pi', Math.sqrt(2 / Math.PI))], 'scaled', T);
    inner = b.value('Tanh', [scaled], 'tanh', T);
  } else {
    inner = b.value('Erf', [b.value('Mul', [x, b.scalar('inv_sqrt2', Math.SQRT1_2)], 'scaled', T)], 'erf', T);
  }
  const half = b.value('Mul', [x, b.scalar('half', 0.5)], 'half', T);
  b.op('AddV2', [half, b.value('Mul', [half, inner], 'half_g', T)], out, T);
}

/**
 * basis_k(x) as the generator computes it: the bits of x that agree with those of k, counted,
 * and a 1 where all n agree (step(count − n + ½)).
 */
function basis(b: TfBuilder, n: ExportNode): void {
  const bits = n.inputTypes[0].shape[0];
  const row = b.value('ExpandDims', [n.inputs[0], b.ints('axis', [-2])], 'row', {
    T: FLOAT,
    Tdim: { type: 'DT_INT32' },
  });
  const table = b.constant(b.fresh('minterms'), [2 ** bits, bits], mintermTable(bits));
  const differ = b.fresh('differ');
  mod2(b, b.value('AddV2', [row, table], 'sum', T), differ);
  const agree = b.value('Sub', [b.scalar('one', 1), differ], 'agree', T);
  const count = b.value('Sum', [agree, b.ints('axes', [-1])], 'count', { T: FLOAT, keep_dims: { b: false } });
  const margin = b.value('Sub', [count, b.scalar('all', bits - 0.5)], 'margin', T);
  const full = b.value('Greater', [margin, b.scalar('zero', 0)], 'full', T);
  b.op('Cast', [full], n.outputs[0], { SrcT: { type: 'DT_BOOL' }, DstT: FLOAT });
}

const reshape = (b: TfBuilder, x: string, t: WireType, shape: readonly number[], out: string) =>
  b.op('Reshape', [x, b.ints('shape', t.batch ? [-1, ...shape] : shape)], out, T);

/** a·b as tfjs's MatMul: an unbatched vector `a` is made a 1×n row, and the result a vector again. */
function matmul(b: TfBuilder, n: ExportNode, a: string, w: string, transB: boolean): void {
  const attr = { T: FLOAT, transpose_a: { b: false }, transpose_b: { b: transB } };
  const t = n.inputTypes[1];
  if (t.shape.length > 1) {
    // positions before the last axis: the batched product broadcasts W over them
    b.op('BatchMatMulV2', [a, w], n.outputs[0], { T: FLOAT, adj_x: { b: false }, adj_y: { b: transB } });
    return;
  }
  if (t.batch) {
    b.op('MatMul', [a, w], n.outputs[0], attr);
    return;
  }
  const row = b.value('Reshape', [a, b.ints('row', [1, t.shape[0]])], 'row', T);
  const product = b.value('MatMul', [row, w], 'product', attr);
  b.op('Reshape', [product, b.ints('shape', n.outputTypes[0].shape)], n.outputs[0], T);
}

export const TFJS_OPS: OpTable<TfEntry> = {
  // structure
  copy: (b, n) => {
    for (const o of n.outputs) b.op('Identity', [n.inputs[0]], o, T);
  },
  discard: () => {},
  swap: (b, n) => {
    b.op('Identity', [n.inputs[1]], n.outputs[0], T);
    b.op('Identity', [n.inputs[0]], n.outputs[1], T);
  },
  zero: (b, n) => b.filled(n.outputTypes[0], 0, n.outputs[0]),
  constant: (b, n) => b.filled(n.outputTypes[0], n.config.value as number, n.outputs[0]),
  add: same('AddV2'),
  subtract: same('Sub'),
  multiply: same('Mul'),
  negate: same('Neg'),
  scale: (b, n) => void b.op('Mul', [n.inputs[0], b.scalar('c', n.config.c as number)], n.outputs[0], T),
  sumBatch: (b, n) => reduceSum(b, n, [0]),
  broadcastBatch: (b, n) =>
    void b.op('BroadcastTo', [n.inputs[0], b.batchShape(n.outputTypes[0].shape)], n.outputs[0], T),
  // linear
  linear: (b, n) => matmul(b, n, n.inputs[1], n.inputs[0], false),
  linearT: (b, n) => matmul(b, n, n.inputs[1], n.inputs[0], true),
  outer: (b, n) => {
    const [x, d] = n.inputs;
    const [tx, td] = n.inputTypes;
    if (tx.shape.length > 1) throw new ExportError(['outer over positions ([T, in]) has no tfjs graph form here']);
    if (tx.batch) {
      b.op('MatMul', [x, d], n.outputs[0], { T: FLOAT, transpose_a: { b: true }, transpose_b: { b: false } });
      return;
    }
    const column = b.value('Reshape', [x, b.ints('column', [tx.shape[0], 1])], 'column', T);
    const row = b.value('Reshape', [d, b.ints('row', [1, td.shape[0]])], 'row', T);
    b.op('MatMul', [column, row], n.outputs[0], { T: FLOAT, transpose_a: { b: false }, transpose_b: { b: false } });
  },
  bias: (b, n) => void b.op('AddV2', [n.inputs[1], n.inputs[0]], n.outputs[0], T),
  matmul: same('MatMul', (n) => ({
    T: FLOAT,
    transpose_a: { b: Boolean(n.config.transA) },
    transpose_b: { b: Boolean(n.config.transB) },
  })),
  batchMatmul: same('BatchMatMulV2', (n) => ({
    T: FLOAT,
    adj_x: { b: Boolean(n.config.transA) },
    adj_y: { b: Boolean(n.config.transB) },
  })),
  // ids rounded half up, as the engines round them, then read as int32 rows of W
  embedding: (b, n) => {
    const shifted = b.value('AddV2', [n.inputs[1], b.scalar('half', 0.5)], 'shifted', T);
    const floor = b.value('Floor', [shifted], 'floor', T);
    const ids = b.value('Cast', [floor], 'ids', { SrcT: FLOAT, DstT: { type: 'DT_INT32' } });
    const gather = { Tparams: FLOAT, Tindices: { type: 'DT_INT32' as const }, Taxis: { type: 'DT_INT32' as const } };
    b.op('GatherV2', [n.inputs[0], ids, b.constant(b.fresh('axis'), [], Int32Array.of(0))], n.outputs[0], gather);
  },
  embeddingBack: refused(
    'only a reverse pass needs the scatter-add of an embedding; the graph model is the forward model',
  ),
  // activations
  sigmoid: same('Sigmoid'),
  tanh: same('Tanh'),
  relu: same('Relu'),
  leakyRelu: same('LeakyRelu', (n) => ({ T: FLOAT, alpha: { f: n.config.alpha as number } })),
  exp: same('Exp'),
  log: same('Log'),
  square: same('Square'),
  softplus: same('Softplus'),
  reciprocal: same('Reciprocal'),
  sqrt: same('Sqrt'),
  erf: same('Erf'),
  gelu: (b, n) => gelu(b, n.inputs[0], n.outputs[0], n.config.approximate === 'tanh'),
  // TensorFlow's Elu has α = 1: relu(x) + α·elu₁(min(x, 0))
  elu: (b, n) => {
    const x = n.inputs[0];
    const neg = b.value('Elu', [b.value('Minimum', [x, b.scalar('zero', 0)], 'nonpositive', T)], 'elu1', T);
    const scaled = b.value('Mul', [neg, b.scalar('alpha', n.config.alpha as number)], 'scaled', T);
    b.op('AddV2', [b.value('Relu', [x], 'positive', T), scaled], n.outputs[0], T);
  },
  clip: (b, n) =>
    void b.op(
      'ClipByValue',
      [n.inputs[0], b.scalar('min', clipLow(n.config)), b.scalar('max', clipHigh(n.config))],
      n.outputs[0],
      T,
    ),
  inside: (b, n) => {
    const above = b.value('Greater', [n.inputs[0], b.scalar('min', clipLow(n.config))], 'above', T);
    const below = b.value('Less', [n.inputs[0], b.scalar('max', clipHigh(n.config))], 'below', T);
    const both = b.value('LogicalAnd', [above, below], 'inside', {});
    b.op('Cast', [both], n.outputs[0], { SrcT: { type: 'DT_BOOL' }, DstT: FLOAT });
  },
  step: (b, n) => {
    const positive = b.value('Greater', [n.inputs[0], b.scalar('zero', 0)], 'positive', T);
    b.op('Cast', [positive], n.outputs[0], { SrcT: { type: 'DT_BOOL' }, DstT: FLOAT });
  },
  // α + (1 − α)·step(x): 1 where x > 0, else α.
  leakyStep: (b, n) => {
    const alpha = n.config.alpha as number;
    const positive = b.value('Greater', [n.inputs[0], b.scalar('zero', 0)], 'positive', T);
    const step = b.value('Cast', [positive], 'step', { SrcT: { type: 'DT_BOOL' }, DstT: FLOAT });
    const scaled = b.value('Mul', [step, b.scalar('rise', 1 - alpha)], 'rise', T);
    b.op('AddV2', [scaled, b.scalar('alpha', alpha)], n.outputs[0], T);
  },
  softmax: (b, n) => {
    const t = n.inputTypes[0];
    const axis = n.config.axis as number;
    const last = axis < 0 || axis === t.shape.length - 1;
    let x = n.inputs[0];
    if (n.config.causal) {
      const [rows, cols] = t.shape.slice(-2);
      const mask = causalMaskTable(rows, cols);
      x = b.value('AddV2', [x, b.constant(b.fresh('causal_mask'), [rows, cols], mask)], 'masked', T);
    }
    if (last) {
      b.op('Softmax', [x], n.outputs[0], T);
      return;
    }
    // TensorFlow's Softmax runs along the last axis: swap the chosen one there and back
    const rank = t.shape.length + lead(t);
    const a = axis + lead(t);
    const swap = Array.from({ length: rank }, (_, i) => (i === a ? rank - 1 : i === rank - 1 ? a : i));
    const tperm = { T: FLOAT, Tperm: { type: 'DT_INT32' as const } };
    const moved = b.value('Transpose', [x, b.ints('perm', swap)], 'moved', tperm);
    const s = b.value('Softmax', [moved], 'softmax', T);
    b.op('Transpose', [s, b.ints('perm', swap)], n.outputs[0], tperm);
  },
  // (x − μ)·rsqrt(σ² + ε): TensorFlow has no LayerNorm op
  layerNorm: (b, n) => {
    const keep = { T: FLOAT, Tidx: { type: 'DT_INT32' as const }, keep_dims: { b: true } };
    const mean = b.value('Mean', [n.inputs[0], b.ints('last', [-1])], 'mean', keep);
    const centred = b.value('Sub', [n.inputs[0], mean], 'centred', T);
    const variance = b.value(
      'Mean',
      [b.value('Square', [centred], 'square', T), b.ints('last', [-1])],
      'variance',
      keep,
    );
    const shifted = b.value('AddV2', [variance, b.scalar('eps', n.config.eps as number)], 'shifted', T);
    b.op('Mul', [centred, b.value('Rsqrt', [shifted], 'rsqrt', T)], n.outputs[0], T);
  },
  // shape
  sumFeatures: (b, n) => {
    const t = n.inputTypes[0];
    const axis = n.config.axis as number;
    reduceSum(b, n, summedAxes(t, axis));
  },
  broadcast: (b, n) => {
    const t = n.outputTypes[0];
    const axis = n.config.axis as number;
    const kept = keptShape(t.shape, axis);
    const reshaped = b.fresh('kept');
    reshape(b, n.inputs[0], t, kept, reshaped);
    const full = t.batch ? b.batchShape(t.shape) : b.ints('shape', t.shape);
    b.op('BroadcastTo', [reshaped, full], n.outputs[0], T);
  },
  reshape: (b, n) => void reshape(b, n.inputs[0], n.outputTypes[0], n.outputTypes[0].shape, n.outputs[0]),
  transpose: (b, n) => {
    const t = n.inputTypes[0];
    const perm = (n.config.perm as number[]).map((a) => a + lead(t));
    const order = b.ints('perm', t.batch ? [0, ...perm] : perm);
    b.op('Transpose', [n.inputs[0], order], n.outputs[0], { T: FLOAT, Tperm: { type: 'DT_INT32' } });
  },
  flatten: (b, n) => void reshape(b, n.inputs[0], n.outputTypes[0], n.outputTypes[0].shape, n.outputs[0]),
  concat: (b, n) =>
    void b.op('ConcatV2', [...n.inputs, b.ints('axis', [-1])], n.outputs[0], {
      T: FLOAT,
      N: { i: String(n.inputs.length) },
    }),
  split: (b, n) => {
    const sizes = n.config.sizes as number[];
    const parts = b.value('SplitV', [n.inputs[0], b.ints('sizes', sizes), b.ints('axis', [-1])], 'split', {
      T: FLOAT,
      num_split: { i: String(sizes.length) },
    });
    n.outputs.forEach((o, k) => {
      b.op('Identity', [k === 0 ? parts : `${parts}:${k}`], o, T);
    });
  },
  ...TFJS_IMAGE_OPS,
  // ℤ₂
  xor: (b, n) => void mod2(b, b.value('AddV2', n.inputs, 'sum', T), n.outputs[0]),
  and: same('Mul'),
  not: (b, n) => void b.op('Sub', [b.scalar('one', 1), n.inputs[0]], n.outputs[0], T),
  one: (b, n) => b.filled(n.outputTypes[0], 1, n.outputs[0]),
  parity: (b, n) => reduceSum(b, n, featureAxes(n.inputTypes[0])),
  basis,
};

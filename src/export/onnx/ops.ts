/**
 * The ONNX op table (docs/export.md, "ONNX"): each generator of the registry ↦ the ONNX nodes
 * (opset 17) that compute it, or the reason it has none. Lensboard's images are NHWC with
 * filters [kh, kw, c, o]; ONNX's Conv and MaxPool are NCHW with filters [o, c, kh, kw], so
 * those entries (`imageOps.ts`) transpose on the way in and out (ONNX Runtime folds the
 * transposes of weights).
 * ℤ₂ wires are float32 0/1 values, as in Lensboard's engines; sums over them are taken mod 2
 * as the kernel's mod2 takes them, x − 2·⌊x/2⌋, into [0, 2) whatever the sign (ONNX's Mod with
 * fmod = 1 keeps the dividend's sign, so it is used only where the engines' xor keeps it too).
 */
import type { Config } from '../../core/diagram';
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
import { int, ints, type OnnxBuilder, type OnnxEntry, transpose } from './builder';
import { ONNX_IMAGE_OPS } from './imageOps';
import type { OnnxAttribute } from './model';

/** One ONNX op on the node's inputs, writing its outputs. */
const same =
  (opType: string, attrs: (c: Config) => OnnxAttribute[] = () => []): OnnxEntry =>
  (b, n) =>
    b.op(opType, n.inputs, n.outputs, attrs(n.config));

/** (a + b) mod 2 as the float64 engine's xor computes it: the remainder, with the dividend's sign. */
const xorSum = (b: OnnxBuilder, sum: string, out: string) =>
  b.op('Mod', [sum, b.scalar('two', 2)], [out], [int('fmod', 1)]);

/** The kernel's mod2: x − 2·⌊x/2⌋, in [0, 2) for every x. */
function mod2(b: OnnxBuilder, x: string, out: string): void {
  const half = b.value('Floor', [b.value('Mul', [x, b.scalar('half', 0.5)], 'half')], 'floor');
  b.op('Sub', [x, b.value('Mul', [half, b.scalar('two', 2)], 'even')], [out]);
}

/**
 * GELU as PyTorch writes it before opset 20 has a Gelu op, so that the import reads it back as
 * one box: ½·(x·(1 + erf(x/√2))), or with tanh, ½·(x·(1 + tanh(√(2/π)·(x + 0.044715·x·x·x)))).
 */
function gelu(b: OnnxBuilder, x: string, out: string, tanh: boolean): void {
  let inner: string;
  if (tanh) {
    const cube = b.value('Mul', [x, b.value('Mul', [x, x], 'square')], 'cube');
    const u = b.value('Add', [x, b.value('Mul', [b.scalar('kappa', 0.044715), cube], 'cubic')], 'u');
    inner = b.value(
      'Tanh',
      [b.value('Mul', [b.scalar('sqrt_2_over_pi', Math.sqrt(2 / Math.PI)), u], 'scaled')],
      'tanh',
    );
  } else {
    inner = b.value('Erf', [b.value('Div', [x, b.scalar('sqrt2', Math.SQRT2)], 'scaled')], 'erf');
  }
  const plus = b.value('Add', [inner, b.scalar('one', 1)], 'plus_one');
  b.op('Mul', [b.value('Mul', [x, plus], 'x_times'), b.scalar('half', 0.5)], [out]);
}

/**
 * basis_k(x) as the generator computes it: the bits of x that agree with those of k, counted,
 * and a 1 where all n agree (step(count − n + ½)).
 */
function basis(b: OnnxBuilder, n: ExportNode): void {
  const bits = n.inputTypes[0].shape[0];
  const row = b.value('Unsqueeze', [n.inputs[0], b.ints('axes', [-2])], 'row');
  const table = b.floats('minterms', [2 ** bits, bits], mintermTable(bits));
  const differ = b.fresh('differ');
  xorSum(b, b.value('Add', [row, table], 'sum'), differ);
  const agree = b.value('Sub', [b.scalar('one', 1), differ], 'agree');
  const count = b.value('ReduceSum', [agree, b.ints('axes', [-1])], 'count', [int('keepdims', 0)]);
  const margin = b.value('Sub', [count, b.scalar('all', bits - 0.5)], 'margin');
  const full = b.value('Greater', [margin, b.scalar('zero', 0)], 'full');
  b.op('Cast', [full], n.outputs, [int('to', 1)]);
}

/** Sums the given axes (of the full tensor, batch included), mod 2 on ℤ₂. */
function reduceSum(b: OnnxBuilder, n: ExportNode, axes: readonly number[]): void {
  const t = n.inputTypes[0];
  const out = t.field === 'z2' ? b.fresh('sum') : n.outputs[0];
  if (axes.length === 0) b.op('Identity', [n.inputs[0]], [out]);
  else b.op('ReduceSum', [n.inputs[0], b.ints('axes', axes)], [out], [int('keepdims', 0)]);
  if (t.field === 'z2') mod2(b, out, n.outputs[0]);
}

/** The causal mask of a softmax as a constant added to its logits: −∞ where j > i, 0 elsewhere. */
function causalMask(b: OnnxBuilder, t: WireType): string {
  const [rows, cols] = t.shape.slice(-2);
  return b.floats('causal_mask', [rows, cols], causalMaskTable(rows, cols));
}

/** The shape a Reshape writes: the batch kept (0 copies the input's leading dimension). */
const reshapeTo = (b: OnnxBuilder, t: WireType, shape: readonly number[]) =>
  b.ints('shape', t.batch ? [0, ...shape] : shape);

/** The permutation of a tensor of `rank` axes that swaps its last two: a batched matrix's transpose. */
const swapLastTwo = (rank: number) => Array.from({ length: rank }, (_, i) => (i < rank - 2 ? i : 2 * rank - 3 - i));

export const ONNX_OPS: OpTable<OnnxEntry> = {
  // structure
  copy: (b, n) => {
    for (const o of n.outputs) b.op('Identity', [n.inputs[0]], [o]);
  },
  discard: () => {},
  swap: (b, n) => {
    b.op('Identity', [n.inputs[1]], [n.outputs[0]]);
    b.op('Identity', [n.inputs[0]], [n.outputs[1]]);
  },
  zero: (b, n) => b.filled(n.outputTypes[0], 0, n.outputs[0]),
  constant: (b, n) => b.filled(n.outputTypes[0], n.config.value as number, n.outputs[0]),
  add: same('Add'),
  subtract: same('Sub'),
  multiply: same('Mul'),
  negate: same('Neg'),
  scale: (b, n) => b.op('Mul', [n.inputs[0], b.scalar('c', n.config.c as number)], n.outputs),
  sumBatch: (b, n) => reduceSum(b, n, [0]),
  broadcastBatch: (b, n) => {
    const t = n.outputTypes[0];
    const batch = b.batchSize();
    if (batch === undefined)
      throw new ExportError(['broadcastBatch needs a batched data input to take the batch size from']);
    const shape = b.value('Concat', [batch, b.ints('features', t.shape)], 'shape', [int('axis', 0)]);
    b.op('Expand', [n.inputs[0], shape], n.outputs);
  },
  // linear
  linear: (b, n) => b.op('MatMul', [n.inputs[1], n.inputs[0]], n.outputs),
  linearT: (b, n) => b.op('MatMul', [n.inputs[1], transpose(b, n.inputs[0], [1, 0], 'Wt')], n.outputs),
  outer: (b, n) => {
    const [x, d] = n.inputs;
    const [tx, td] = n.inputTypes;
    if (tx.shape.length > 1) {
      // Σ over the batch and the positions: both operands read as rows of their last axis
      const xs = b.value('Reshape', [x, b.ints('xrows', [-1, tx.shape.at(-1) as number])], 'xrows');
      const ds = b.value('Reshape', [d, b.ints('drows', [-1, td.shape.at(-1) as number])], 'drows');
      b.op('MatMul', [transpose(b, xs, [1, 0], 'xt'), ds], n.outputs);
      return;
    }
    if (n.inputTypes[0].batch) b.op('MatMul', [transpose(b, x, [1, 0], 'xt'), d], n.outputs);
    else
      b.op(
        'MatMul',
        [
          b.value('Unsqueeze', [x, b.ints('axes', [1])], 'column'),
          b.value('Unsqueeze', [d, b.ints('axes', [0])], 'row'),
        ],
        n.outputs,
      );
  },
  bias: (b, n) => b.op('Add', [n.inputs[1], n.inputs[0]], n.outputs),
  matmul: same('Gemm', (c) => [int('transA', c.transA ? 1 : 0), int('transB', c.transB ? 1 : 0)]),
  batchMatmul: (b, n) => {
    const operand = (i: number, trans: boolean) => {
      if (!trans) return n.inputs[i];
      const rank = n.inputTypes[i].shape.length + lead(n.inputTypes[i]);
      return transpose(b, n.inputs[i], swapLastTwo(rank), i === 0 ? 'At' : 'Bt');
    };
    b.op('MatMul', [operand(0, Boolean(n.config.transA)), operand(1, Boolean(n.config.transB))], n.outputs);
  },
  // ids rounded half up, as the engines round them, then read as int64 rows of W
  embedding: (b, n) => {
    const shifted = b.value('Add', [n.inputs[1], b.scalar('half', 0.5)], 'shifted');
    const ids = b.value('Cast', [b.value('Floor', [shifted], 'floor')], 'ids', [int('to', 7)]);
    b.op('Gather', [n.inputs[0], ids], n.outputs, [int('axis', 0)]);
  },
  embeddingBack: refused(
    'only a reverse pass needs the scatter-add of an embedding; the ONNX export is the forward model',
  ),
  // activations
  sigmoid: same('Sigmoid'),
  tanh: same('Tanh'),
  relu: same('Relu'),
  leakyRelu: same('LeakyRelu', (c) => [{ name: 'alpha', kind: 'float', value: c.alpha as number }]),
  exp: same('Exp'),
  log: same('Log'),
  square: (b, n) => b.op('Mul', [n.inputs[0], n.inputs[0]], n.outputs),
  softplus: same('Softplus'),
  reciprocal: same('Reciprocal'),
  erf: same('Erf'),
  gelu: (b, n) => gelu(b, n.inputs[0], n.outputs[0], n.config.approximate === 'tanh'),
  elu: same('Elu', (c) => [{ name: 'alpha', kind: 'float', value: c.alpha as number }]),
  clip: (b, n) =>
    b.op('Clip', [n.inputs[0], b.scalar('min', clipLow(n.config)), b.scalar('max', clipHigh(n.config))], n.outputs),
  inside: (b, n) => {
    const above = b.value('Greater', [n.inputs[0], b.scalar('min', clipLow(n.config))], 'above');
    const below = b.value('Less', [n.inputs[0], b.scalar('max', clipHigh(n.config))], 'below');
    b.op('Cast', [b.value('And', [above, below], 'inside')], n.outputs, [int('to', 1)]);
  },
  sqrt: same('Sqrt'),
  step: (b, n) => {
    const positive = b.value('Greater', [n.inputs[0], b.scalar('zero', 0)], 'positive');
    b.op('Cast', [positive], n.outputs, [int('to', 1)]);
  },
  leakyStep: (b, n) => {
    const positive = b.value('Greater', [n.inputs[0], b.scalar('zero', 0)], 'positive');
    b.op('Where', [positive, b.scalar('one', 1), b.scalar('alpha', n.config.alpha as number)], n.outputs);
  },
  softmax: (b, n) => {
    const t = n.inputTypes[0];
    const axis = n.config.axis as number;
    const x = n.config.causal ? b.value('Add', [n.inputs[0], causalMask(b, t)], 'masked') : n.inputs[0];
    b.op('Softmax', [x], n.outputs, [int('axis', axis < 0 ? -1 : axis + lead(t))]);
  },
  // ONNX's LayerNormalization (opset 17) takes a scale: ones, since γ is a box of its own
  layerNorm: (b, n) => {
    const width = n.inputTypes[0].shape.at(-1) ?? 1;
    const ones = b.floats('ones', [width], new Float32Array(width).fill(1));
    b.op('LayerNormalization', [n.inputs[0], ones], n.outputs, [
      int('axis', -1),
      { name: 'epsilon', kind: 'float', value: n.config.eps as number },
    ]);
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
    const reshaped = b.value('Reshape', [n.inputs[0], reshapeTo(b, t, kept)], 'kept');
    const full = t.batch ? [1, ...t.shape] : [...t.shape];
    b.op('Expand', [reshaped, b.ints('shape', full)], n.outputs);
  },
  reshape: (b, n) => b.op('Reshape', [n.inputs[0], reshapeTo(b, n.outputTypes[0], n.outputTypes[0].shape)], n.outputs),
  transpose: (b, n) => {
    const t = n.inputTypes[0];
    const perm = (n.config.perm as number[]).map((a) => a + lead(t));
    b.op('Transpose', n.inputs, n.outputs, [ints('perm', t.batch ? [0, ...perm] : perm)]);
  },
  flatten: (b, n) => b.op('Reshape', [n.inputs[0], reshapeTo(b, n.outputTypes[0], n.outputTypes[0].shape)], n.outputs),
  concat: same('Concat', () => [int('axis', -1)]),
  split: (b, n) =>
    b.op('Split', [n.inputs[0], b.ints('split', n.config.sizes as number[])], n.outputs, [int('axis', -1)]),
  ...ONNX_IMAGE_OPS,
  // ℤ₂
  xor: (b, n) => xorSum(b, b.value('Add', n.inputs, 'sum'), n.outputs[0]),
  and: same('Mul'),
  not: (b, n) => b.op('Sub', [b.scalar('one', 1), n.inputs[0]], n.outputs),
  one: (b, n) => b.filled(n.outputTypes[0], 1, n.outputs[0]),
  parity: (b, n) => reduceSum(b, n, featureAxes(n.inputTypes[0])),
  basis,
};

/**
 * The PyTorch op table (docs/export.md): each generator as the Python expression its forward
 * computes, in torch's own ops. Tensors are batch-first as on Lensboard's wires; images stay
 * NHWC and filters [kh, kw, c, o], so the parameters keep Lensboard's shapes and a convolution
 * moves its axes around torch's NCHW op. Each entry is exactly the generator's forward, never an
 * approximation; a generator without one is refused with the reason.
 */
import { geometryOf, isTiling, isValidGeometry, poolOf } from '../../core/convGeometry';
import type { Config } from '../../core/diagram';
import type { WireType } from '../../core/wire';
import { ExportError, type ExportNode } from '../graph';
import type { OpTable } from '../opTable';
import { clipHigh, featureAxes, keptShape, summedAxes } from '../opValues';

/** What an expression may need besides its arguments: the batch size and a tensor to copy dtype from. */
export interface PyContext {
  /** The Python name of the batch size (`n`); reading it makes the forward define it. */
  batch(): string;
  /** A tensor whose dtype and device new tensors take (`x`). */
  readonly like: string;
}

/**
 * The forward as Python: one expression for a node with one output; a tuple expression
 * (`{ tuple }`) unpacked into several outputs; or one expression per output (copies).
 */
export type PyOp = (args: readonly string[], node: ExportNode, ctx: PyContext) => string | { tuple: string } | string[];

const num = (x: number): string => (Number.isInteger(x) ? `${x}.0` : String(x));
const tuple = (xs: readonly number[]): string => (xs.length === 1 ? `(${xs[0]},)` : `(${xs.join(', ')})`);
const shapeOf = (c: Config) => c.shape as number[];
const full = (ctx: PyContext, batched: boolean, shape: readonly number[]) =>
  batched ? `(${[ctx.batch(), ...shape].join(', ')}${shape.length === 0 ? ',' : ''})` : tuple(shape);
const input = (node: ExportNode, i = 0): WireType => node.inputTypes[i];

/** The batch and every feature axis but the last: what a channel's statistics run over. */
const channelDims = (node: ExportNode): number[] => [0, ...featureAxes(input(node)).slice(0, -1)];

function sumAxes(x: string, axes: readonly number[]): string {
  if (axes.length === 0) return x;
  return axes.length === 1 ? `${x}.sum(${axes[0]})` : `${x}.sum(dim=${tuple(axes)})`;
}

/** NHWC ↔ NCHW around torch's convolution and pooling, which read channels first. */
const nchw = (x: string) => `${x}.permute(0, 3, 1, 2)`;
const nhwc = (x: string) => `${x}.permute(0, 2, 3, 1)`;
/** A filter [kh, kw, c, o] as torch's conv2d weight [o, c, kh, kw]. */
const oihw = (w: string) => `${w}.permute(3, 2, 0, 1)`;

/** The transposes of a correlation are exported for the valid geometry only (docs/export.md). */
function validOnly(node: ExportNode, gen: string): undefined {
  if (!isValidGeometry(geometryOf(gen, node.config)))
    throw new ExportError([
      `${gen} with padding, stride, dilation or groups has no PyTorch form here; its forward correlate2d has`,
    ]);
  return undefined;
}

const unary =
  (f: (x: string) => string): PyOp =>
  ([x]) =>
    f(x);

const reverseOnly = (forward: string) => ({
  refused: `it reads the argmax of a max-pool window, which only a reverse pass needs; PyTorch's autograd derives it from ${forward}`,
});
const z2 = {
  refused:
    'ℤ₂ (Boolean) wires have no PyTorch form: autograd needs real numbers (Reverse Derivative Ascent is not autograd)',
};

/** clip's upper bound as the generator reads it: never below the lower. */
export const PYTORCH_OPS: OpTable<PyOp> = {
  copy: ([x], node) => node.outputs.map(() => x),
  discard: () => [],
  swap: ([a, b]) => [b, a],
  zero: (_a, node, ctx) => `${ctx.like}.new_zeros(${full(ctx, node.config.batch as boolean, shapeOf(node.config))})`,
  constant: (_a, node, ctx) =>
    `${ctx.like}.new_full(${full(ctx, node.config.batch as boolean, shapeOf(node.config))}, ${num(node.config.value as number)})`,
  add: ([a, b]) => `${a} + ${b}`,
  subtract: ([a, b]) => `${a} - ${b}`,
  multiply: ([a, b]) => `${a} * ${b}`,
  negate: unary((x) => `-${x}`),
  scale: ([x], node) => `${num(node.config.c as number)} * ${x}`,
  sumBatch: unary((x) => `${x}.sum(0)`),
  broadcastBatch: ([x], node, ctx) => `${x}.expand(${[ctx.batch(), ...input(node).shape].join(', ')})`,
  linear: ([w, x]) => `${x} @ ${w}`,
  linearT: ([w, d]) => `${d} @ ${w}.T`,
  outer: ([x, d], node) => {
    const t = input(node);
    if (t.shape.length > 1)
      return `${x}.reshape(-1, ${t.shape.at(-1)}).T @ ${d}.reshape(-1, ${node.inputTypes[1].shape.at(-1)})`;
    return t.batch ? `${x}.T @ ${d}` : `torch.outer(${x}, ${d})`;
  },
  bias: ([b, x]) => `${x} + ${b}`,
  matmul: ([a, b], node) => `${a}${node.config.transA ? '.T' : ''} @ ${b}${node.config.transB ? '.T' : ''}`,
  batchMatmul: ([a, b], node) =>
    `${a}${node.config.transA ? '.transpose(-2, -1)' : ''} @ ${b}${node.config.transB ? '.transpose(-2, -1)' : ''}`,
  embedding: ([w, ids]) => `F.embedding(torch.floor(${ids} + 0.5).long(), ${w})`,
  embeddingBack: {
    refused:
      "it is embedding's scatter-add, which only a reverse pass needs; PyTorch's autograd derives it from embedding",
  },
  sigmoid: unary((x) => `torch.sigmoid(${x})`),
  tanh: unary((x) => `torch.tanh(${x})`),
  relu: unary((x) => `torch.relu(${x})`),
  leakyRelu: ([x], node) => `F.leaky_relu(${x}, ${num(node.config.alpha as number)})`,
  exp: unary((x) => `torch.exp(${x})`),
  log: unary((x) => `torch.log(${x})`),
  square: unary((x) => `torch.square(${x})`),
  softplus: unary((x) => `F.softplus(${x})`),
  reciprocal: unary((x) => `torch.reciprocal(${x})`),
  erf: unary((x) => `torch.erf(${x})`),
  gelu: ([x], node) => (node.config.approximate === 'tanh' ? `F.gelu(${x}, approximate="tanh")` : `F.gelu(${x})`),
  elu: ([x], node) => `F.elu(${x}, ${num(node.config.alpha as number)})`,
  clip: ([x], node) => `torch.clamp(${x}, ${num(node.config.min as number)}, ${num(clipHigh(node.config))})`,
  inside: ([x], node) =>
    `((${x} > ${num(node.config.min as number)}) & (${x} < ${num(clipHigh(node.config))})).to(${x}.dtype)`,
  sqrt: unary((x) => `torch.sqrt(${x})`),
  step: unary((x) => `(${x} > 0).to(${x}.dtype)`),
  leakyStep: ([x], node) =>
    `torch.where(${x} > 0, torch.ones_like(${x}), torch.full_like(${x}, ${num(node.config.alpha as number)}))`,
  sumFeatures: ([x], node) => {
    const t = input(node);
    const axis = node.config.axis as number;
    return sumAxes(x, summedAxes(t, axis));
  },
  broadcast: ([x], node) => {
    const t = node.outputTypes[0];
    const shape = shapeOf(node.config);
    const axis = node.config.axis as number;
    const kept = keptShape(shape, axis);
    const lead = t.batch ? ['-1'] : [];
    return `${x}.reshape(${[...lead, ...kept].join(', ') || '()'}).expand(${[...lead, ...shape].join(', ') || '()'})`;
  },
  reshape: ([x], node) => {
    const shape = shapeOf(node.config);
    return input(node).batch ? `${x}.reshape(${['-1', ...shape].join(', ')})` : `${x}.reshape(${tuple(shape)})`;
  },
  transpose: ([x], node) => {
    const t = input(node);
    const perm = (node.config.perm as number[]).map((a) => a + (t.batch ? 1 : 0));
    return `${x}.permute(${(t.batch ? [0, ...perm] : perm).join(', ')})`;
  },
  flatten: ([x], node) => (input(node).batch ? `${x}.flatten(1)` : `${x}.flatten()`),
  concat: (xs) => `torch.cat([${xs.join(', ')}], dim=-1)`,
  split: ([x], node) => ({ tuple: `torch.split(${x}, [${(node.config.sizes as number[]).join(', ')}], dim=-1)` }),
  softmax: ([x], node) => {
    const t = input(node);
    const axis = node.config.axis as number;
    const dim = axis < 0 ? -1 : axis + (t.batch ? 1 : 0);
    if (!node.config.causal) return `torch.softmax(${x}, dim=${dim})`;
    const [rows, cols] = t.shape.slice(-2);
    const later = `torch.ones(${rows}, ${cols}, dtype=torch.bool, device=${x}.device).triu(1)`;
    return `torch.softmax(${x}.masked_fill(${later}, float("-inf")), dim=-1)`;
  },
  layerNorm: ([x], node) => `F.layer_norm(${x}, (${input(node).shape.at(-1)},), eps=${node.config.eps as number})`,
  correlate2d: ([w, x], node) => {
    const g = geometryOf('correlate2d', node.config);
    const [t, b, l, r] = g.pads;
    const padded = g.pads.every((p) => p === 0) ? nchw(x) : `F.pad(${nchw(x)}, (${l}, ${r}, ${t}, ${b}))`;
    const extra = [
      g.strides.some((s) => s !== 1) ? `, stride=${tuple(g.strides)}` : '',
      g.dilations.some((d) => d !== 1) ? `, dilation=${tuple(g.dilations)}` : '',
      g.groups !== 1 ? `, groups=${g.groups}` : '',
    ].join('');
    return nhwc(`F.conv2d(${padded}, ${oihw(w)}${extra})`);
  },
  conv2dBackInput: ([w, d], node) => {
    validOnly(node, 'conv2dBackInput');
    return nhwc(`F.conv_transpose2d(${nchw(d)}, ${oihw(w)})`);
  },
  // W[a, b, c, o] = Σ x[n, i+a, j+b, c]·d[n, i, j, o]: a convolution with the batch as its channels
  conv2dBackFilter: ([x, d], node) =>
    validOnly(node, 'conv2dBackFilter') ??
    `F.conv2d(${x}.permute(3, 0, 1, 2), ${d}.permute(3, 0, 1, 2)).permute(2, 3, 0, 1)`,
  channelMean: ([x], node) => `${x}.mean(dim=${tuple(channelDims(node))}, keepdim=True).expand_as(${x})`,
  batchNorm: ([x], node) => {
    const dims = tuple(channelDims(node));
    const eps = num(node.config.epsilon as number);
    return `((${x} - ${x}.mean(dim=${dims}, keepdim=True)) / torch.sqrt(${x}.var(dim=${dims}, unbiased=False, keepdim=True) + ${eps}))`;
  },
  maxPool2d: ([x], node) => {
    const p = poolOf('maxPool2d', node.config);
    if (isTiling(p)) return nhwc(`F.max_pool2d(${nchw(x)}, ${p.k})`);
    const [t, b, l, r] = p.pads;
    const padded = p.pads.some((v) => v > 0)
      ? `F.pad(${nchw(x)}, (${l}, ${r}, ${t}, ${b}), value=float('-inf'))`
      : nchw(x);
    return nhwc(`F.max_pool2d(${padded}, ${p.k}, stride=${p.stride})`);
  },
  maxPoolBack: reverseOnly('max_pool2d'),
  maxPoolSelect: reverseOnly('max_pool2d'),
  xor: z2,
  and: z2,
  not: z2,
  one: z2,
  parity: z2,
  basis: z2,
};

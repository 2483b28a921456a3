/**
 * ONNX ops back to generators (docs/export.md, "Import back"): one entry per op Lensboard can
 * draw. An entry reads its node's inputs (values drawn so far, or initialisers: weights become
 * parameter boxes) and returns the values of its outputs, or throws an ImportRefusal saying why
 * this node cannot be drawn. Here: dense products, elementwise maps, constants added, softmax;
 * the shape ops (shapeOps.ts), the image ops (imageOps.ts), the layers (layers.ts) and
 * attention's (attentionOps.ts) have files of their own.
 */
import type { OnnxTensor } from '../model';
import { ATTENTION_OPS, sameRows, spread } from './attentionOps';
import type { Value } from './drawing';
import { IMAGE_OPS, imageBias } from './imageOps';
import { LAYER_OPS } from './layers';
import {
  type Ctx,
  data,
  floatAttr,
  type ImportEntry,
  intAttr,
  permOf,
  plain,
  refuse,
  size,
  weight,
} from './nodeReading';
import { CAUSAL } from './patterns';
import { lastAxis, SHAPE_OPS } from './shapeOps';

/** x·W (+ C) as linear (and bias) boxes; W [n, m] transposed first when `transB`. */
function dense(c: Ctx, x: Value, w: OnnxTensor, transB: boolean, alpha: number, bias?: Float32Array): Value[] {
  if (x.shape.length < 1) refuse("it multiplies a scalar; Lensboard's linear reads vectors");
  if (x.shape.length > 1 && x.layout !== 'plain')
    refuse(
      `it multiplies a value of shape [${x.shape.join(', ')}] laid out as an image; Lensboard's linear reads its last axis`,
    );
  if (w.dims.length !== 2) refuse(`its weight “${w.name}” has ${w.dims.length} dimensions, not 2`);
  const [n, m] = transB ? [w.dims[1], w.dims[0]] : [w.dims[0], w.dims[1]];
  const last = x.shape[x.shape.length - 1];
  if (n !== last) refuse(`its weight “${w.name}” expects ${n} inputs, the value has ${last}`);
  // a sequence [T, n] (or more leading axes) is multiplied at each position, on its last axis
  const lead = x.shape.slice(0, -1);
  const perm = lead.length ? undefined : permOf(x);
  const vals = w.values as Float32Array;
  const W = new Float32Array(n * m);
  for (let j = 0; j < n; j++) {
    const row = perm ? perm[j] : j;
    for (let o = 0; o < m; o++) W[j * m + o] = alpha * (transB ? vals[o * n + row] : vals[row * m + o]);
  }
  const p = c.d.param(w.name, [n, m], W, w.name);
  const lin = c.d.box('linear', { in: n, out: m }, c.node.name, [p, x], `linear ${n}→${m}`);
  const shape = [...lead, m];
  const y = lin.out(0, shape);
  if (!bias) return [y];
  const b = c.d.param(`${c.node.name}.bias`, [m], bias);
  if (shape.length > 1)
    return [c.d.box('add', {}, `${c.node.name}.bias`, [y, spread(c, b, shape, 'bias')]).out(0, shape)];
  return [c.d.box('bias', {}, `${c.node.name}.bias`, [b, y]).out(0, [m])];
}

const elementwise =
  (gen: string): ImportEntry =>
  (c) => {
    const x = data(c, 0);
    return [c.d.box(gen, {}, c.node.name, [x]).out(0, x.shape, x.layout)];
  };

/** a ∘ b for two drawn values of one shape and layout (add, subtract, multiply). */
function pointwise(c: Ctx, gen: string): Value[] {
  const a = data(c, 0);
  const b = data(c, 1);
  if (a.shape.join() !== b.shape.join() || JSON.stringify(a.layout) !== JSON.stringify(b.layout)) {
    refuse(
      `it combines values of shapes [${a.shape.join(', ')}] and [${b.shape.join(', ')}]; Lensboard's ${gen} takes equal shapes`,
    );
  }
  return [c.d.box(gen, {}, c.node.name, [a, b]).out(0, a.shape, a.layout)];
}

/** x + constant: a bias box when the constant lies along the last axis Lensboard holds. */
function addConstant(c: Ctx, x: Value, t: OnnxTensor): Value[] {
  const dims = t.dims.slice(t.dims.findIndex((d) => d !== 1) < 0 ? t.dims.length : t.dims.findIndex((d) => d !== 1));
  const vals = Float32Array.from(t.values as Float32Array);
  let b: Float32Array | undefined;
  const last = x.shape.at(-1) ?? 1;
  if (x.layout === 'nhwc' && (dims.length === 0 || (dims.length === 3 && dims[1] === 1 && dims[2] === 1))) {
    b = dims.length === 0 ? new Float32Array(last).fill(vals[0]) : vals;
  } else if (x.layout === 'plain' && x.shape.length > 1 && dims.join() === x.shape.join()) {
    b = vals.slice(0, last); // one row repeated at every position: a bias of the sequence
  } else if (x.layout !== 'nhwc' && dims.length <= 1 && (size(dims) === last || size(dims) === 1)) {
    const perm = x.shape.length === 1 ? permOf(x) : undefined;
    b = Float32Array.from({ length: last }, (_, j) => (size(dims) === 1 ? vals[0] : vals[perm ? perm[j] : j]));
  }
  const name = t.name || `${c.node.name}.b`;
  if (x.layout === 'plain' && x.shape.length > 1 && dims.join() === x.shape.join() && !sameRows(vals, last)) {
    // a learnt value at every position (a transformer's position embedding): a parameter of x's shape
    const p = c.d.param(name, x.shape, vals, t.name);
    return [c.d.box('add', {}, c.node.name, [x, p]).out(0, x.shape)];
  }
  if (!b || b.length !== last) {
    return refuse(`it adds a constant of shape [${t.dims.join(', ')}] that Lensboard cannot draw as a bias`);
  }
  if (x.layout === 'nhwc') return [imageBias(c, name, b, x, t.name)];
  if (x.shape.length > 1) {
    // a bias of a sequence: one value per feature, the same at every position
    const p = c.d.param(name, [last], b, t.name);
    return [c.d.box('add', {}, c.node.name, [x, spread(c, p, x.shape, 'bias')]).out(0, x.shape)];
  }
  const p = c.d.param(name, [last], b, t.name);
  return [c.d.box('bias', {}, c.node.name, [p, x]).out(0, x.shape, x.layout)];
}

/** A product of two data values (attention's QKᵀ, AV): one batchMatmul per leading index. */
function batchMatmul(c: Ctx): Value[] {
  const [a, b] = [data(c, 0), data(c, 1)];
  plain(a, 'it');
  plain(b, 'it');
  const r = a.shape.length;
  const fits =
    r >= 2 &&
    b.shape.length === r &&
    a.shape.slice(0, -2).join() === b.shape.slice(0, -2).join() &&
    a.shape[r - 1] === b.shape[r - 2];
  if (!fits)
    refuse(
      `it multiplies values of shapes [${a.shape.join(', ')}] and [${b.shape.join(', ')}]; Lensboard's batchMatmul takes two of equal leading axes, each at least a matrix`,
    );
  const shape = [...a.shape.slice(0, -1), b.shape[r - 1]];
  return [c.d.box('batchMatmul', {}, c.node.name, [a, b]).out(0, shape)];
}

export const IMPORT_OPS: Readonly<Record<string, ImportEntry>> = {
  // An Identity of an initialiser (how an exporter hands one weight to two nodes) is that initialiser.
  Identity: (c) => {
    const name = c.node.inputs[0] ?? '';
    const t = c.value(name) ? undefined : c.tensor(name);
    if (!t || !c.node.outputs[0]) return [data(c, 0)];
    c.folded(c.node.outputs[0], t);
    return [];
  },
  MatMul: (c) => (c.value(c.node.inputs[1] ?? '') ? batchMatmul(c) : dense(c, data(c, 0), weight(c, 1), false, 1)),
  Gemm: (c) => {
    if (intAttr(c.node, 'transA', 0) !== 0) refuse('it transposes its data input');
    const alpha = floatAttr(c.node, 'alpha', 1);
    const beta = floatAttr(c.node, 'beta', 1);
    const w = weight(c, 1);
    const m = intAttr(c.node, 'transB', 0) ? w.dims[0] : w.dims[1];
    const bias = c.node.inputs[2] ? weight(c, 2) : undefined;
    if (bias && bias.values.length !== m && bias.values.length !== 1)
      refuse(`its bias “${bias.name}” does not have ${m} values`);
    const b =
      bias &&
      Float32Array.from({ length: m }, (_, j) => beta * (bias.values[bias.values.length === 1 ? 0 : j] as number));
    return dense(c, data(c, 0), w, intAttr(c.node, 'transB', 0) === 1, alpha, b);
  },
  Add: (c) => {
    const [a, b] = c.node.inputs;
    if (c.value(a) && c.value(b)) return pointwise(c, 'add');
    return c.value(a) ? addConstant(c, data(c, 0), weight(c, 1)) : addConstant(c, data(c, 1), weight(c, 0));
  },
  Sub: (c) => pointwise(c, 'subtract'),
  Neg: elementwise('negate'),
  Sigmoid: elementwise('sigmoid'),
  Tanh: elementwise('tanh'),
  Relu: elementwise('relu'),
  Exp: elementwise('exp'),
  Log: elementwise('log'),
  Sqrt: elementwise('sqrt'),
  Reciprocal: elementwise('reciprocal'),
  Softplus: elementwise('softplus'),
  LeakyRelu: (c) => {
    const x = data(c, 0);
    const alpha = floatAttr(c.node, 'alpha', 0.01);
    if (!(alpha >= 0 && alpha <= 1)) refuse(`its α = ${alpha} is outside Lensboard's [0, 1]`);
    return [c.d.box('leakyRelu', { alpha }, c.node.name, [x]).out(0, x.shape, x.layout)];
  },
  Softmax: (c) => {
    const x = data(c, 0);
    if (c.opset < 13 && x.shape.length > 1) refuse('before opset 13 it normalises over all trailing axes at once');
    const rank = x.shape.length + 1;
    const given = intAttr(c.node, 'axis', c.opset < 13 ? 1 : -1);
    const at = given < 0 ? given + rank : given;
    if (x.layout === 'nhwc' || at === rank - 1) lastAxis(c, x, given);
    else if (at < 1 || at >= rank)
      refuse(`it works along axis ${given}, the batch axis or none; Lensboard keeps the batch`);
    const causal = intAttr(c.node, CAUSAL, 0) === 1 || x.masked === 'causal';
    if (x.masked && at !== rank - 1) refuse(`it normalises a causally masked value along axis ${given}, not the keys`);
    const config = { axis: at === rank - 1 ? -1 : at - 1, causal };
    return [c.d.box('softmax', config, c.node.name, [x]).out(0, x.shape, x.layout)];
  },
  ...SHAPE_OPS,
  ...IMAGE_OPS,
  ...LAYER_OPS,
  ...ATTENTION_OPS,
};

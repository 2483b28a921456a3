/**
 * ONNX ops back to generators (docs/export.md, "Import back"): one entry per op Lensboard can
 * draw. An entry reads its node's inputs (values drawn so far, or initialisers: weights become
 * parameter boxes) and returns the values of its outputs, or throws an ImportRefusal saying why
 * this node cannot be drawn. ONNX images are NCHW, Lensboard's NHWC: an image is drawn as
 * [h, w, c], its filters transposed to [kh, kw, c, o], and a flattened image keeps the
 * permutation that the next dense layer's weights absorb, so nothing new appears in the diagram.
 */
import {
  geometryConfig,
  geometryLabel,
  isTiling,
  isValidGeometry,
  outHW,
  type PoolGeometry,
  pooledHW,
} from '../../../core/convGeometry';
import type { OnnxTensor } from '../model';
import { ATTENTION_OPS, sameRows, spread } from './attentionOps';
import type { Value } from './drawing';
import { LAYER_OPS } from './layers';
import {
  type Ctx,
  data,
  floatAttr,
  type ImportEntry,
  intAttr,
  intsAttr,
  isIdentity,
  permOf,
  plain,
  refuse,
  size,
  spatialGeometry,
  weight,
} from './nodeReading';
import { CAUSAL } from './patterns';

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

/**
 * A per-channel bias of an image: Lensboard's bias adds a wire of the image's own shape, so the
 * [c] parameter is broadcast over the width and the height and added, staying one weight per channel.
 */
function imageBias(c: Ctx, name: string, b: Float32Array, y: Value, source?: string): Value {
  const [h, w, ch] = y.shape;
  const p = c.d.param(name, [ch], b, source);
  const row = c.d.box('broadcast', { shape: [w, ch], axis: 0 }, `${c.node.name}.bias_w`, [p]).out(0, [w, ch]);
  const full = c.d.box('broadcast', { shape: [h, w, ch], axis: 0 }, `${c.node.name}.bias_h`, [row]).out(0, [h, w, ch]);
  return c.d.box('add', {}, `${c.node.name}.bias`, [y, full]).out(0, y.shape, 'nhwc');
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

/** Lensboard's flatten of a value, keeping the NCHW order of an image as a permutation. */
function flatten(c: Ctx, x: Value): Value[] {
  if (x.shape.length === 1) return [x];
  const n = size(x.shape);
  const box = c.d.box('flatten', {}, c.node.name, [x]);
  if (x.layout !== 'nhwc') return [box.out(0, [n], x.layout)];
  const [h, w, ch] = x.shape;
  const perm = Array.from({ length: n }, (_, j) => {
    const k = j % ch;
    const col = Math.floor(j / ch) % w;
    const row = Math.floor(j / (ch * w));
    return k * h * w + row * w + col;
  });
  return [box.out(0, [n], { perm })];
}

function reshape(c: Ctx): Value[] {
  const x = data(c, 0);
  const t = c.tensor(c.node.inputs[1] ?? '');
  if (!t) return refuse('its shape is computed in the graph; Lensboard reads a constant shape');
  const onnxIn = x.layout === 'nhwc' ? [x.shape[2], x.shape[0], x.shape[1]] : [...x.shape];
  // -2: the batch kept (a 0, a folded Shape's batch, or the batch size of an export with a fixed one)
  const keeps = (v: number) => v === 0 || Number.isNaN(v) || v === c.batch;
  const target = Array.from(t.values, (v, i) =>
    i === 0 && keeps(Number(v)) ? -2 : v === 0 ? onnxIn[i - 1] : Number(v),
  );
  if (target[0] !== -2 && target[0] !== -1) return refuse('it reshapes the batch axis, which Lensboard keeps');
  const features = target.slice(1);
  const known = size(features.filter((v) => v !== -1));
  const shape = features.map((v) => (v === -1 ? size(onnxIn) / known : v));
  if (size(shape) !== size(onnxIn) || !shape.every((v) => Number.isInteger(v) && v > 0)) {
    return refuse(`its shape [${Array.from(t.values).join(', ')}] does not fit a value of ${size(onnxIn)} features`);
  }
  if (shape.length === 1) return flatten(c, x);
  if (x.layout !== 'plain' && !(typeof x.layout === 'object' && isIdentity(x.layout.perm))) {
    return refuse('it reshapes an image Lensboard holds as NHWC to something other than a vector');
  }
  return [c.d.box('reshape', { shape }, c.node.name, [x]).out(0, shape)];
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

function lastAxis(c: Ctx, x: Value, axis: number): void {
  const rank = x.shape.length + 1;
  const a = axis < 0 ? axis + rank : axis;
  if (a !== rank - 1)
    refuse(`it works along axis ${axis}; Lensboard's ${c.node.opType.toLowerCase()} works along the last`);
  if (x.layout === 'nhwc') refuse('it works along the last axis of an NCHW image, which Lensboard holds as NHWC');
}

/**
 * An image as Lensboard holds it (NHWC). A plain ONNX [1, h, w] (one channel, as a reshape of
 * a vector makes it) holds its numbers in the same order as [h, w, 1]: a reshape box says so.
 */
function asImage(c: Ctx, x: Value, what: string): Value {
  if (x.layout === 'nhwc') return x;
  if (x.layout === 'plain' && x.shape.length === 3 && x.shape[0] === 1) {
    const [, h, w] = x.shape;
    return c.d.box('reshape', { shape: [h, w, 1] }, `${c.node.name}.image`, [x]).out(0, [h, w, 1], 'nhwc');
  }
  return refuse(`it ${what} a value that is not an NCHW image of one channel or an image Lensboard drew`);
}

/** ONNX perm of a tensor with a batch axis: the two image layouts are the same wire read two ways. */
function transpose(c: Ctx): Value[] {
  const perm = intsAttr(c.node, 'perm') ?? [];
  const t = c.tensor(c.node.inputs[0] ?? '');
  if (t) return [foldTranspose(c, t, perm)];
  const x = data(c, 0);
  if (x.shape.length === 3 && x.layout === 'plain' && perm.join() === '0,3,1,2') return [{ ...x, layout: 'nhwc' }];
  if (x.layout === 'nhwc' && perm.join() === '0,2,3,1') return [{ ...x, layout: 'plain' }];
  const rank = x.shape.length + 1;
  const isPerm = perm.length === rank && perm.every((a, i) => perm.indexOf(a) === i && a < rank);
  if (isPerm && perm[0] === 0 && x.layout !== 'nhwc') {
    plain(x, 'it');
    const features = perm.slice(1).map((a) => a - 1);
    const shape = features.map((a) => x.shape[a]);
    return [c.d.box('transpose', { perm: features }, c.node.name, [x]).out(0, shape)];
  }
  return refuse(`its permutation [${perm.join(', ')}] moves axes Lensboard keeps in place`);
}

/** A transposed constant, computed here (an exporter's transposed filter). */
function foldTranspose(c: Ctx, t: OnnxTensor, perm: readonly number[]): Value {
  const n = t.dims.length;
  const p = perm.length === n ? perm : Array.from({ length: n }, (_, i) => n - 1 - i);
  if (p.slice().sort().join() !== Array.from({ length: n }, (_, i) => i).join())
    refuse(`its permutation [${perm.join(', ')}] is not one`);
  const dims = p.map((a) => t.dims[a]);
  const strides = t.dims.map((_, i) => size(t.dims.slice(i + 1)));
  const out = new Float32Array(t.values.length);
  const idx = new Array(n).fill(0);
  for (let k = 0; k < out.length; k++) {
    let src = 0;
    for (let a = 0; a < n; a++) src += idx[a] * strides[p[a]];
    out[k] = Number(t.values[src]);
    for (let a = n - 1; a >= 0; a--) {
      if (++idx[a] < dims[a]) break;
      idx[a] = 0;
    }
  }
  c.folded(c.node.outputs[0] ?? '', { name: c.node.outputs[0] ?? '', dims, dataType: 1, values: out });
  return undefined as unknown as Value;
}

function conv(c: Ctx): Value[] {
  const x = asImage(c, data(c, 0), 'convolves');
  const w = weight(c, 1);
  if (w.dims.length !== 4) refuse(`its filter “${w.name}” is not 4-dimensional`);
  const group = intAttr(c.node, 'group', 1);
  const [o, ch, kh, kw] = w.dims;
  const [h, wd, cx] = x.shape;
  if (group < 1 || ch * group !== cx || o % group !== 0)
    refuse(`its attribute group = ${group} does not split a filter [${w.dims.join(', ')}] over ${cx} input channels`);
  const kernel = intsAttr(c.node, 'kernel_shape');
  if (kernel && kernel.join() !== [kh, kw].join())
    refuse(`its attribute kernel_shape = [${kernel.join(', ')}] differs from its filter's [${kh}, ${kw}]`);
  const g = spatialGeometry(c, group, { input: [h, wd], kernel: [kh, kw] });
  const [ho, wo] = outHW(g, h, wd, kh, kw);
  if (ho < 1 || wo < 1)
    refuse(`its filter [${w.dims.join(', ')}] (${geometryLabel(g) || 'valid'}) does not fit an image ${h}×${wd}`);
  const vals = w.values as Float32Array;
  const filter = new Float32Array(o * ch * kh * kw);
  for (let a = 0; a < kh; a++)
    for (let b = 0; b < kw; b++)
      for (let k = 0; k < ch; k++)
        for (let m = 0; m < o; m++) filter[((a * kw + b) * ch + k) * o + m] = vals[((m * ch + k) * kh + a) * kw + b];
  const p = c.d.param(w.name, [kh, kw, ch, o], filter, w.name);
  const config = isValidGeometry(g) ? {} : geometryConfig(g);
  const y = c.d.box('correlate2d', config, c.node.name, [p, x]).out(0, [ho, wo, o], 'nhwc');
  if (c.node.inputs.length < 3 || c.node.inputs[2] === '') return [y];
  const bias = weight(c, 2);
  if (bias.values.length !== o) refuse(`its bias “${bias.name}” has ${bias.values.length} values for ${o} channels`);
  return [imageBias(c, bias.name, Float32Array.from(bias.values as Float32Array), y, bias.name)];
}

function maxPool(c: Ctx): Value[] {
  const x = asImage(c, data(c, 0), 'pools');
  if (c.node.outputs.length > 1) refuse('it also outputs the argmax indices, which Lensboard does not draw');
  const kernel = intsAttr(c.node, 'kernel_shape') ?? [];
  const k = kernel[0];
  if (kernel.length !== 2 || kernel[1] !== k)
    refuse(`its attribute kernel_shape = [${kernel.join(', ')}] is not a square window; Lensboard's maxPool2d is k×k`);
  if (intAttr(c.node, 'storage_order', 0) !== 0) refuse('its attribute storage_order = 1 is not NCHW');
  const [h, w, ch] = x.shape;
  // ceil mode's partial windows: cells past the edge, never the maximum, as padding is
  const g = spatialGeometry(c, 1, { input: [h, w], kernel: [k, k], ceil: intAttr(c.node, 'ceil_mode', 0) !== 0 });
  if (g.dilations.some((d) => d !== 1))
    refuse(`its attribute dilations = [${g.dilations.join(', ')}] spreads the window`);
  if (g.strides[0] !== g.strides[1])
    refuse(`its attribute strides = [${g.strides.join(', ')}] differ; Lensboard's maxPool2d has one stride`);
  if (g.pads.some((v) => v >= k))
    refuse(`its pads [${g.pads.join(', ')}] (top, bottom, left, right) reach a whole window past the edge`);
  const pool: PoolGeometry = { k, stride: g.strides[0], pads: g.pads };
  const [ho, wo] = pooledHW(pool, h, w);
  if (k > 64 || ho < 1 || wo < 1) refuse(`its ${k}×${k} window does not fit an image ${h}×${w}`);
  const config = isTiling(pool) ? { k } : { k, stride: pool.stride, pads: [...pool.pads] };
  return [c.d.box('maxPool2d', config, c.node.name, [x]).out(0, [ho, wo, ch], 'nhwc')];
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
  Flatten: (c) => {
    if (intAttr(c.node, 'axis', 1) !== 1)
      refuse('it flattens from an axis other than 1; Lensboard keeps the batch axis');
    return flatten(c, data(c, 0));
  },
  Reshape: reshape,
  Transpose: transpose,
  Conv: conv,
  MaxPool: maxPool,
  Concat: (c) => {
    const xs = c.node.inputs.map((_, k) => data(c, k));
    xs.forEach((x) => {
      plain(x, 'it');
      lastAxis(c, x, intAttr(c.node, 'axis', -1));
    });
    const lead = xs[0].shape.slice(0, -1).join();
    if (xs.some((x) => x.shape.slice(0, -1).join() !== lead)) refuse('its inputs differ before the last axis');
    const shape = [...xs[0].shape.slice(0, -1), xs.reduce((n, x) => n + (x.shape.at(-1) ?? 0), 0)];
    return [c.d.box('concat', { n: xs.length }, c.node.name, xs).out(0, shape)];
  },
  Split: (c) => {
    const x = data(c, 0);
    plain(x, 'it');
    lastAxis(c, x, intAttr(c.node, 'axis', 0));
    const last = x.shape.at(-1) ?? 0;
    const given = c.node.inputs[1] ? c.tensor(c.node.inputs[1]) : undefined;
    if (c.node.inputs[1] && !given) refuse('its sizes are computed in the graph; Lensboard reads constant sizes');
    const parts = c.node.outputs.length;
    const sizes = given
      ? Array.from(given.values, Number)
      : (intsAttr(c.node, 'split') ?? Array.from({ length: parts }, () => last / parts));
    if (
      sizes.length !== parts ||
      sizes.some((s) => !Number.isInteger(s) || s < 1) ||
      sizes.reduce((a, b) => a + b, 0) !== last
    ) {
      refuse(`its sizes [${sizes.join(', ')}] do not cut ${last} features into ${parts} parts`);
    }
    const box = c.d.box('split', { sizes }, c.node.name, [x]);
    return sizes.map((s, k) => box.out(k, [...x.shape.slice(0, -1), s]));
  },
  ...LAYER_OPS,
  ...ATTENTION_OPS,
};

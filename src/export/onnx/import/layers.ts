/**
 * The import of the layers a PyTorch course uses (docs/export.md, "Import back"), each drawn
 * with the generators Lensboard has: multiplication and division by a constant as `scale`,
 * ReLU6 and Clip as `clip` (or `relu`), LogSoftmax as softmax then log, Erf, ELU and GELU (read
 * from the arithmetic PyTorch writes by patterns.ts) as their boxes, average pooling as sums over
 * the window's axes and a scale, and BatchNormalization in inference or training mode
 * (batchNormImport.ts).
 */
import { type ConvGeometry, geometryConfig, outHW } from '../../../core/convGeometry';
import type { OnnxTensor } from '../model';
import { sameRows, spread } from './attentionOps';
import { batchNorm } from './batchNormImport';
import type { Value } from './drawing';
import {
  attr,
  type Ctx,
  data,
  floatAttr,
  type ImportEntry,
  intAttr,
  intsAttr,
  refuse,
  spatialGeometry,
} from './nodeReading';

/** The one value of a constant input of size 1, else undefined. */
function scalarOf(c: Ctx, k: number): number | undefined {
  const t = c.tensor(c.node.inputs[k] ?? '');
  return t && t.values.length === 1 ? Number(t.values[0]) : undefined;
}

const scaled = (c: Ctx, x: Value, by: number, name = c.node.name): Value =>
  c.d.box('scale', { c: by }, name, [x]).out(0, x.shape, x.layout);

/**
 * A sequence times a constant of its whole shape: a layer norm's γ as Lensboard's exporter
 * broadcasts it. One row repeated at every position is a parameter of the last axis, spread along
 * the positions; anything else a parameter of the value's shape.
 */
function timesConstant(c: Ctx, x: Value, t: OnnxTensor): Value {
  const dims = t.dims.slice(
    Math.max(
      0,
      t.dims.findIndex((d) => d !== 1),
    ),
  );
  if (x.layout !== 'plain' || dims.join() !== x.shape.join() || !(t.values instanceof Float32Array))
    return refuse(
      `it multiplies by a constant of shape [${t.dims.join(', ')}] that is not the value's [${x.shape.join(', ')}]`,
    );
  const last = x.shape[x.shape.length - 1];
  const vals = Float32Array.from(t.values);
  const row = x.shape.length > 1 && sameRows(vals, last);
  const p = c.d.param(t.name || `${c.node.name}.W`, row ? [last] : x.shape, row ? vals.slice(0, last) : vals, t.name);
  const by = row ? spread(c, p, x.shape, 'scale') : p;
  return c.d.box('multiply', {}, c.node.name, [x, by]).out(0, x.shape);
}

/** a·b, a/b: `scale` when one side is a constant scalar, multiply (by a reciprocal) for two wires. */
function product(c: Ctx, divide: boolean): Value[] {
  const [a, b] = c.node.inputs;
  const kb = scalarOf(c, 1);
  if (c.value(a) && kb !== undefined) return [scaled(c, data(c, 0), divide ? 1 / kb : kb)];
  const ka = scalarOf(c, 0);
  if (!divide && ka !== undefined && c.value(b)) return [scaled(c, data(c, 1), ka)];
  const constant = c.value(a) ? c.tensor(b) : c.value(b) ? c.tensor(a) : undefined;
  if (constant && !divide) return [timesConstant(c, data(c, c.value(a) ? 0 : 1), constant)];
  const x = data(c, 0);
  const y = data(c, 1);
  if (x.shape.join() !== y.shape.join() || JSON.stringify(x.layout) !== JSON.stringify(y.layout)) {
    refuse(
      `it combines values of shapes [${x.shape.join(', ')}] and [${y.shape.join(', ')}]; Lensboard takes equal shapes`,
    );
  }
  const by = divide ? c.d.box('reciprocal', {}, `${c.node.name}.reciprocal`, [y]).out(0, y.shape, y.layout) : y;
  return [c.d.box('multiply', {}, c.node.name, [x, by]).out(0, x.shape, x.layout)];
}

/** Clip's bounds: inputs 2 and 3 from opset 11, attributes before; either may be absent. */
function clip(c: Ctx): Value[] {
  const x = data(c, 0);
  const bound = (k: number, key: string) => {
    if (c.opset < 11) return floatAttr(c.node, key, Number.NaN);
    const name = c.node.inputs[k];
    if (!name) return Number.NaN;
    const v = scalarOf(c, k);
    return v === undefined ? refuse(`its ${key} is computed in the graph; Lensboard reads a constant bound`) : v;
  };
  const lo = bound(1, 'min');
  const hi = bound(2, 'max');
  if (lo === 0 && Number.isNaN(hi)) return [c.d.box('relu', {}, c.node.name, [x]).out(0, x.shape, x.layout)];
  if (Number.isNaN(lo) || Number.isNaN(hi) || !(lo <= hi))
    refuse("it clips on one side only (or min > max); Lensboard's clip has both bounds");
  return [c.d.box('clip', { min: lo, max: hi }, c.node.name, [x]).out(0, x.shape, x.layout)];
}

function logSoftmax(c: Ctx): Value[] {
  const x = data(c, 0);
  const rank = x.shape.length + 1;
  const axis = intAttr(c.node, 'axis', c.opset < 13 ? 1 : -1);
  if ((axis < 0 ? axis + rank : axis) !== rank - 1 || x.layout === 'nhwc')
    refuse(`it works along axis ${axis}; Lensboard's softmax works along the last`);
  if (c.opset < 13 && x.shape.length > 1) refuse('before opset 13 it normalises over all trailing axes at once');
  const s = c.d.box('softmax', {}, `${c.node.name}.softmax`, [x]).out(0, x.shape, x.layout);
  return [c.d.box('log', {}, c.node.name, [s]).out(0, x.shape, x.layout)];
}

/** A value of an NHWC image summed over a k×k window at stride k and scaled: average pooling. */
function averageWindows(c: Ctx, x: Value, kh: number, kw: number): Value {
  const [h, w, ch] = x.shape;
  if (h % kh !== 0 || w % kw !== 0)
    refuse(`its ${kh}×${kw} windows do not tile an image ${h}×${w}; Lensboard pools whole windows`);
  const split = c.d
    .box('reshape', { shape: [h / kh, kh, w / kw, kw, ch] }, `${c.node.name}.windows`, [x])
    .out(0, [h / kh, kh, w / kw, kw, ch]);
  const across = c.d.box('sumFeatures', { axis: 3 }, `${c.node.name}.sum_w`, [split]).out(0, [h / kh, kh, w / kw, ch]);
  const down = c.d.box('sumFeatures', { axis: 1 }, `${c.node.name}.sum_h`, [across]).out(0, [h / kh, w / kw, ch]);
  return scaled(c, { ...down, layout: 'nhwc' }, 1 / (kh * kw));
}

/** An NCHW image as Lensboard holds it, for the pools (one channel from a reshape, as asImage). */
function image(c: Ctx): Value {
  const x = data(c, 0);
  if (x.layout === 'nhwc') return x;
  return refuse('it pools a value that is not an image Lensboard drew');
}

function averagePool(c: Ctx): Value[] {
  const x = image(c);
  const [kh, kw] = intsAttr(c.node, 'kernel_shape') ?? [];
  if (!(kh >= 1 && kw >= 1)) refuse('its attribute kernel_shape is not two window sizes');
  const window = { input: [x.shape[0], x.shape[1]] as const, kernel: [kh, kw] as const };
  const base = spatialGeometry(c, x.shape[2], window);
  const g = spatialGeometry(c, x.shape[2], { ...window, ceil: intAttr(c.node, 'ceil_mode', 0) !== 0 });
  if (g.dilations.some((d) => d !== 1))
    refuse(`its attribute dilations = [${g.dilations.join(', ')}] spreads the window`);
  const tiles = g.pads.every((p) => p === 0) && g.strides[0] === kh && g.strides[1] === kw;
  if (tiles && x.shape[0] % kh === 0 && x.shape[1] % kw === 0) return [averageWindows(c, x, kh, kw)];
  const ceilCells = [g.pads[1] - base.pads[1], g.pads[3] - base.pads[3]];
  const countsPad = intAttr(c.node, 'count_include_pad', 0) === 1;
  if (ceilCells.every((k) => k === 0) && (countsPad || g.pads.every((p) => p === 0)))
    return [windowMean(c, x, kh, kw, g)];
  return [partialWindowMean(c, x, kh, kw, g, countsPad ? base : null)];
}

/**
 * Average pooling whose edge windows divide by fewer cells than the window has (ceil mode's
 * partial windows; the start padding too unless `count_include_pad`, as ONNX and PyTorch
 * count): the window's sum times 1 / the cells it counts, that count being the same window
 * summed over a constant image of ones (one per example, as a correlation reads a batch) — the
 * image, or with `padded` the image and its explicit padding — so nothing trains and the count
 * is exact.
 */
function partialWindowMean(
  c: Ctx,
  x: Value,
  kh: number,
  kw: number,
  g: ConvGeometry,
  padded: ConvGeometry | null,
): Value {
  const [h, w, ch] = x.shape;
  const [ho, wo] = outHW(g, h, w, kh, kw);
  if (ho < 1 || wo < 1) refuse(`its ${kh}×${kw} window does not fit an image ${h}×${w}`);
  const shape = [kh, kw, 1, ch];
  const ones = (name: string) =>
    c.d.box('constant', { value: 1, shape, batch: false }, `${c.node.name}.${name}`, []).out(0, shape);
  const sum = c.d.box('correlate2d', geometryConfig(g), `${c.node.name}.sum`, [ones('window'), x]).out(0, [ho, wo, ch]);
  // the cells a window counts: the image's (or the padded image's) ones it covers
  const [pt, pb, pl, pr] = padded?.pads ?? [0, 0, 0, 0];
  const field = [h + pt + pb, w + pl + pr, ch];
  const counted: ConvGeometry = padded ? { ...g, pads: [0, g.pads[1] - pb, 0, g.pads[3] - pr] } : g;
  const cells = c.d.box('constant', { value: 1, shape: field, batch: true }, `${c.node.name}.cells`, []).out(0, field);
  const count = c.d
    .box('correlate2d', geometryConfig(counted), `${c.node.name}.count`, [ones('counter'), cells])
    .out(0, [ho, wo, ch]);
  const per = c.d.box('reciprocal', {}, `${c.node.name}.per_cell`, [count]).out(0, [ho, wo, ch]);
  return c.d.box('multiply', {}, c.node.name, [sum, per]).out(0, [ho, wo, ch], 'nhwc');
}

/**
 * Average pooling with any stride and zero padding counted in the window: a depthwise
 * correlation with a constant filter of 1/(kh·kw) (a constant box, so nothing trains).
 */
function windowMean(c: Ctx, x: Value, kh: number, kw: number, g: ConvGeometry): Value {
  const [h, w, ch] = x.shape;
  const [ho, wo] = outHW(g, h, w, kh, kw);
  if (ho < 1 || wo < 1) refuse(`its ${kh}×${kw} window does not fit an image ${h}×${w}`);
  const shape = [kh, kw, 1, ch];
  const k = c.d
    .box('constant', { value: 1 / (kh * kw), shape, batch: false }, `${c.node.name}.window`, [])
    .out(0, shape);
  return c.d.box('correlate2d', geometryConfig(g), c.node.name, [k, x]).out(0, [ho, wo, ch], 'nhwc');
}

function globalAveragePool(c: Ctx): Value[] {
  const x = image(c);
  const [h, w, ch] = x.shape;
  const avg = averageWindows(c, x, h, w);
  return ch > 0 ? [avg] : refuse('it pools an image of no channels');
}

/**
 * ONNX Pad: nothing to draw when every pad is 0; zero padding of an image's rows and columns
 * (PyTorch writes one before an AvgPool2d with padding) as a depthwise correlation with a 1×1
 * constant filter of ones and those pads. Other modes, values and axes are refused by name.
 */
function pad(c: Ctx): Value[] {
  const x = data(c, 0);
  const pads = c.node.inputs[1] ? c.tensor(c.node.inputs[1]) : undefined;
  if (c.node.inputs[1] && !pads) refuse('its input pads is computed in the graph; Lensboard reads constant pads');
  const given = pads ? Array.from(pads.values as ArrayLike<number>, Number) : (intsAttr(c.node, 'pads') ?? []);
  if (given.every((p) => p === 0)) return [x];
  const mode = attr(c.node, 'mode');
  if (mode?.kind === 'string' && mode.value !== 'constant')
    refuse(`its attribute mode = ${mode.value} repeats the image's edge; Lensboard pads with zeros`);
  const value = c.node.inputs[2] ? c.tensor(c.node.inputs[2]) : undefined;
  const fill = value ? Number(value.values[0]) : c.opset < 11 ? floatAttr(c.node, 'value', 0) : 0;
  if (c.node.inputs[2] && !value) refuse('its input constant_value is computed in the graph');
  if (fill !== 0) refuse(`its constant_value = ${fill}; Lensboard pads with zeros`);
  if (x.layout !== 'nhwc' || given.length !== 8 || [0, 1, 4, 5].some((k) => given[k] !== 0))
    refuse(`its pads [${given.join(', ')}] pad axes other than an image's rows and columns`);
  if (given.some((p) => p < 0)) refuse(`its pads [${given.join(', ')}] crop the image`);
  const [h, w, ch] = x.shape;
  const g = { pads: [given[2], given[6], given[3], given[7]], strides: [1, 1], dilations: [1, 1], groups: ch };
  const shape = [1, 1, 1, ch];
  const one = c.d.box('constant', { value: 1, shape, batch: false }, `${c.node.name}.ones`, []).out(0, shape);
  const out = [h + given[2] + given[6], w + given[3] + given[7], ch];
  return [c.d.box('correlate2d', g, c.node.name, [one, x]).out(0, out, 'nhwc')];
}

const unary =
  (gen: string, config: (c: Ctx) => Record<string, unknown> = () => ({})): ImportEntry =>
  (c) => {
    const x = data(c, 0);
    return [c.d.box(gen, config(c), c.node.name, [x]).out(0, x.shape, x.layout)];
  };

export const LAYER_OPS: Readonly<Record<string, ImportEntry>> = {
  Mul: (c) => product(c, false),
  Div: (c) => product(c, true),
  Clip: clip,
  LogSoftmax: logSoftmax,
  Erf: unary('erf'),
  Elu: unary('elu', (c) => ({ alpha: floatAttr(c.node, 'alpha', 1) })),
  Gelu: unary('gelu', (c) => {
    const a = c.node.attributes.find((k) => k.name === 'approximate');
    return { approximate: a?.kind === 'string' && a.value === 'tanh' ? 'tanh' : 'none' };
  }),
  Pad: pad,
  AveragePool: averagePool,
  GlobalAveragePool: globalAveragePool,
  BatchNormalization: batchNorm,
};

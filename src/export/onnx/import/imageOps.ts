/**
 * ONNX's image ops back to generators (docs/export.md, "Import back"). ONNX images are NCHW,
 * Lensboard's NHWC: an image is drawn as [h, w, c], its filters transposed to [kh, kw, c, o], and
 * a per-channel bias broadcast over the width and the height.
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
import type { Value } from './drawing';
import { type Ctx, data, type ImportEntry, intAttr, intsAttr, refuse, spatialGeometry, weight } from './nodeReading';

/**
 * A per-channel bias of an image: Lensboard's bias adds a wire of the image's own shape, so the
 * [c] parameter is broadcast over the width and the height and added, staying one weight per channel.
 */
export function imageBias(c: Ctx, name: string, b: Float32Array, y: Value, source?: string): Value {
  const [h, w, ch] = y.shape;
  const p = c.d.param(name, [ch], b, source);
  const row = c.d.box('broadcast', { shape: [w, ch], axis: 0 }, `${c.node.name}.bias_w`, [p]).out(0, [w, ch]);
  const full = c.d.box('broadcast', { shape: [h, w, ch], axis: 0 }, `${c.node.name}.bias_h`, [row]).out(0, [h, w, ch]);
  return c.d.box('add', {}, `${c.node.name}.bias`, [y, full]).out(0, y.shape, 'nhwc');
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

export const IMAGE_OPS: Readonly<Record<string, ImportEntry>> = { Conv: conv, MaxPool: maxPool };

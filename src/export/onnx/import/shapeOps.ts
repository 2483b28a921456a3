/**
 * ONNX's shape ops back to generators (docs/export.md, "Import back"): flatten, reshape,
 * transpose (a constant's computed here; an image's two layouts read as one wire), concat and
 * split along the last axis. A flattened image keeps the permutation that the next dense layer's
 * weights absorb.
 */
import type { OnnxTensor } from '../model';
import type { Value } from './drawing';
import { type Ctx, data, type ImportEntry, intAttr, intsAttr, isIdentity, plain, refuse, size } from './nodeReading';

/** Lensboard's flatten of a value, keeping the NCHW order of an image as a permutation. */
export function flatten(c: Ctx, x: Value): Value[] {
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

/** Refuses a node that works along any axis but the last of a plain value. */
export function lastAxis(c: Ctx, x: Value, axis: number): void {
  const rank = x.shape.length + 1;
  const a = axis < 0 ? axis + rank : axis;
  if (a !== rank - 1)
    refuse(`it works along axis ${axis}; Lensboard's ${c.node.opType.toLowerCase()} works along the last`);
  if (x.layout === 'nhwc') refuse('it works along the last axis of an NCHW image, which Lensboard holds as NHWC');
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

export const SHAPE_OPS: Readonly<Record<string, ImportEntry>> = {
  Flatten: (c) => {
    if (intAttr(c.node, 'axis', 1) !== 1)
      refuse('it flattens from an axis other than 1; Lensboard keeps the batch axis');
    return flatten(c, data(c, 0));
  },
  Reshape: reshape,
  Transpose: transpose,
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
};

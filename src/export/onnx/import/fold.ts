/**
 * Constant folding of the shape arithmetic exporters write (docs/export.md, "Import back"):
 * PyTorch's `x.view(x.size(0), -1)` becomes Shape → Gather → Unsqueeze → Concat → Reshape. The
 * Shape of a drawn value is known except for its batch size, which is held as `BATCH` (NaN, so no
 * arithmetic can mistake it for a size); Gather, Unsqueeze, Squeeze, Concat, Slice and Cast of
 * such constants are computed here, and so is the Equal of a constant mask, and Reshape reads `BATCH` at position 0 as "keep the batch".
 * A node is folded only when every input is a constant; anything else is drawn as usual.
 */
import { ONNX_FLOAT, ONNX_INT64, type OnnxNode, type OnnxTensor } from '../model';
import type { Value } from './drawing';
import { intAttr, intsAttr, refuse } from './nodeReading';

export const BATCH = Number.NaN;

/** The ONNX shape of a drawn value, batch first: an NHWC image is [N, c, h, w] to ONNX. */
export function onnxShape(v: Value): number[] {
  if (v.layout === 'nhwc') return [BATCH, v.shape[2], v.shape[0], v.shape[1]];
  return [BATCH, ...v.shape];
}

const intTensor = (name: string, dims: number[], values: readonly number[]): OnnxTensor => ({
  name,
  dims,
  dataType: ONNX_INT64,
  values: [...values],
});

const numbers = (t: OnnxTensor): number[] => Array.from(t.values as ArrayLike<number>, Number);
const axisOf = (a: number, rank: number) => (a < 0 ? a + rank : a);

/** The values of x in the box starting at `from` of sizes `dims`, row-major, x's type kept. */
function cut(x: OnnxTensor, from: readonly number[], dims: readonly number[]): Float32Array | number[] {
  const v = numbers(x);
  const count = dims.reduce((p, q) => p * q, 1);
  const strides = x.dims.map((_, i) => x.dims.slice(i + 1).reduce((p, q) => p * q, 1));
  const out = new Array<number>(count);
  const idx = dims.map(() => 0);
  for (let k = 0; k < count; k++) {
    out[k] = v[idx.reduce((o, d, a) => o + (from[a] + d) * strides[a], 0)];
    for (let a = dims.length - 1; a >= 0; a--) {
      if (++idx[a] < dims[a]) break;
      idx[a] = 0;
    }
  }
  return x.dataType === ONNX_INT64 ? out : Float32Array.from(out);
}

/** f of a tensor's values, as float32. */
const floats = (t: OnnxTensor, f: (v: number) => number) => Float32Array.from(numbers(t), f);

/** a ∘ b of two constants, one of them a scalar or both of one size; int64 when both are. */
function arithmetic(
  n: OnnxNode,
  a: OnnxTensor | undefined,
  b: OnnxTensor | undefined,
  f: (p: number, q: number, ints: boolean) => number,
): OnnxTensor {
  if (!a || !b) return refuse('it reads a value that is not a constant');
  const [p, q] = [numbers(a), numbers(b)];
  if (p.length !== q.length && p.length !== 1 && q.length !== 1) refuse('it combines constants of different sizes');
  const big = p.length >= q.length ? a : b;
  const ints = a.dataType === ONNX_INT64 && b.dataType === ONNX_INT64;
  const out = Array.from({ length: Math.max(p.length, q.length) }, (_, i) =>
    f(p[p.length === 1 ? 0 : i], q[q.length === 1 ? 0 : i], ints),
  );
  return ints
    ? intTensor(n.outputs[0], [...big.dims], out)
    : { name: n.outputs[0], dims: [...big.dims], dataType: ONNX_FLOAT, values: Float32Array.from(out) };
}

type Folder = (n: OnnxNode, inputs: (OnnxTensor | undefined)[], opset: number) => OnnxTensor;

/** Axes from the second input (opset 13 on) or the `axes` attribute (before). */
function axesOf(n: OnnxNode, inputs: (OnnxTensor | undefined)[]): number[] {
  return inputs[1] ? numbers(inputs[1]) : [...(intsAttr(n, 'axes') ?? [])];
}

const FOLDERS: Readonly<Record<string, Folder>> = {
  Cast: (n, [x]) => ({ ...(x as OnnxTensor), name: n.outputs[0] }),
  Gather: (n, [x, idx]) => {
    if (!x || !idx || x.dims.length !== 1 || intAttr(n, 'axis', 0) !== 0)
      refuse('it gathers from something other than a vector of sizes');
    const v = numbers(x as OnnxTensor);
    const picked = numbers(idx as OnnxTensor).map((i) => v[axisOf(i, v.length)]);
    if (picked.some((p) => p === undefined)) refuse('it gathers past the end of the vector');
    return intTensor(n.outputs[0], [...(idx as OnnxTensor).dims], picked);
  },
  Unsqueeze: (n, inputs) => {
    const x = inputs[0] as OnnxTensor;
    const dims = [...x.dims];
    for (const a of axesOf(n, inputs).sort((p, q) => p - q)) dims.splice(axisOf(a, dims.length + 1), 0, 1);
    return { ...x, name: n.outputs[0], dims };
  },
  Squeeze: (n, inputs) => {
    const x = inputs[0] as OnnxTensor;
    const axes = axesOf(n, inputs).map((a) => axisOf(a, x.dims.length));
    const dims = x.dims.filter((d, i) => (axes.length ? !axes.includes(i) : d !== 1));
    return { ...x, name: n.outputs[0], dims };
  },
  Concat: (n, inputs) => {
    if (inputs.some((t) => !t || t.dims.length > 1)) refuse('it concatenates constants that are not vectors');
    const values = inputs.flatMap((t) => numbers(t as OnnxTensor));
    return intTensor(n.outputs[0], [values.length], values);
  },
  // a mask's `mask == 0` (PyTorch's masked_fill): 1 where equal, against a scalar or a tensor of the same size
  Equal: (n, [x, y]) => {
    const [a, b] = [numbers(x as OnnxTensor), numbers(y as OnnxTensor)];
    if (b.length !== 1 && b.length !== a.length) refuse('it compares constants of different sizes');
    return intTensor(
      n.outputs[0],
      [...(x as OnnxTensor).dims],
      a.map((v, i) => (v === b[b.length === 1 ? 0 : i] ? 1 : 0)),
    );
  },
  Slice: (n, [x, starts, ends, axes, steps]) => {
    if (!x || x.dims.length === 0 || !starts || !ends)
      return refuse('it slices something other than a tensor of constants');
    if (steps && numbers(steps).some((s) => s !== 1)) refuse(`it slices with steps [${numbers(steps).join(', ')}]`);
    const rank = x.dims.length;
    const at = axes ? numbers(axes).map((a) => axisOf(a, rank)) : numbers(starts).map((_, i) => i);
    if (at.some((a) => !(a >= 0 && a < rank)))
      refuse(`it slices along axes [${at.join(', ')}] a tensor of rank ${rank} lacks`);
    const from = x.dims.map(() => 0);
    const dims = [...x.dims];
    at.forEach((a, i) => {
      const clamp = (v: number) => Math.min(Math.max(v < 0 ? v + x.dims[a] : v, 0), x.dims[a]);
      from[a] = clamp(numbers(starts)[i]);
      dims[a] = Math.max(0, clamp(numbers(ends)[i]) - from[a]);
    });
    return { ...x, name: n.outputs[0], dims, values: cut(x, from, dims) };
  },
  // sizes computed from sizes (PyTorch's `c // heads`, `1 / sqrt(d)`): integer division on int64, as ONNX's Div
  Div: (n, [a, b]) => arithmetic(n, a, b, (p, q, ints) => (ints ? Math.trunc(p / q) : p / q)),
  Mul: (n, [a, b]) => arithmetic(n, a, b, (p, q) => p * q),
  // a weight broadcast as Lensboard's exporter writes it: Reshape to [1, n], Expand to the positions
  Reshape: (n, [x, shape]) => {
    const t = x as OnnxTensor;
    const given = numbers(shape as OnnxTensor).map((v, i) => (v === 0 ? t.dims[i] : v));
    const known = given.filter((v) => v !== -1).reduce((p, q) => p * q, 1);
    const dims = given.map((v) => (v === -1 ? t.values.length / known : v));
    if (dims.reduce((p, q) => p * q, 1) !== t.values.length)
      refuse(`it reshapes ${t.values.length} constants to [${given.join(', ')}]`);
    return { ...t, name: n.outputs[0], dims };
  },
  Sqrt: (n, [a]) => ({ ...(a as OnnxTensor), name: n.outputs[0], values: floats(a as OnnxTensor, Math.sqrt) }),
};

/**
 * The node's outputs computed, when it is shape arithmetic on constants (or the Shape of a drawn
 * value); undefined when it is something to draw.
 */
export function foldNode(
  n: OnnxNode,
  tensor: (name: string) => OnnxTensor | undefined,
  value: (name: string) => Value | undefined,
  opset: number,
): OnnxTensor | undefined {
  if (n.opType === 'Shape') {
    const v = value(n.inputs[0] ?? '');
    if (!v) return undefined;
    const shape = onnxShape(v);
    const rank = shape.length;
    const start = axisOf(intAttr(n, 'start', 0), rank);
    const end = axisOf(intAttr(n, 'end', rank), rank);
    const kept = shape.slice(Math.max(0, start), Math.min(rank, end));
    return intTensor(n.outputs[0], [kept.length], kept);
  }
  const fold = FOLDERS[n.opType];
  if (!fold || n.inputs.length === 0) return undefined;
  const inputs = n.inputs.map((k) => (k === '' ? undefined : tensor(k)));
  if (n.inputs.some((k, i) => k !== '' && !inputs[i])) return undefined;
  return fold(n, inputs, opset);
}

/** The ops folded here, for the import's list of what it reads. */
export const FOLDED_OPS = ['Shape', ...Object.keys(FOLDERS)];

/**
 * Constant folding of the shape arithmetic exporters write (docs/export.md, "Import back"):
 * PyTorch's `x.view(x.size(0), -1)` becomes Shape → Gather → Unsqueeze → Concat → Reshape. The
 * Shape of a drawn value is known except for its batch size, which is held as `BATCH` (NaN, so no
 * arithmetic can mistake it for a size); Gather, Unsqueeze, Squeeze, Concat, Slice and Cast of
 * such constants are computed here, and Reshape reads `BATCH` at position 0 as "keep the batch".
 * A node is folded only when every input is a constant; anything else is drawn as usual.
 */
import { ONNX_INT64, type OnnxNode, type OnnxTensor } from '../model';
import type { Value } from './drawing';
import { intAttr, intsAttr, refuse } from './nodeReading';

export const BATCH = Number.NaN;

/** The ONNX shape of a drawn value, batch first: an NHWC image is [N, c, h, w] to ONNX. */
export function onnxShape(v: Value): number[] {
  if (v.layout === 'nhwc') return [BATCH, v.shape[2], v.shape[0], v.shape[1]];
  return [BATCH, ...v.shape];
}

const ints = (name: string, dims: number[], values: readonly number[]): OnnxTensor => ({
  name,
  dims,
  dataType: ONNX_INT64,
  values: [...values],
});

const numbers = (t: OnnxTensor): number[] => Array.from(t.values as ArrayLike<number>, Number);
const axisOf = (a: number, rank: number) => (a < 0 ? a + rank : a);

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
    return ints(n.outputs[0], [...(idx as OnnxTensor).dims], picked);
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
    return ints(n.outputs[0], [values.length], values);
  },
  Slice: (n, [x, starts, ends, axes, steps]) => {
    if (x?.dims.length !== 1 || !starts || !ends) return refuse('it slices something other than a vector of sizes');
    if (axes && numbers(axes).some((a) => a !== 0 && a !== -1)) refuse('it slices along an axis a vector lacks');
    const v = numbers(x);
    const step = steps ? numbers(steps)[0] : 1;
    if (step !== 1) refuse(`it slices with step ${step}`);
    const clamp = (i: number) => Math.min(Math.max(i < 0 ? i + v.length : i, 0), v.length);
    const picked = v.slice(clamp(numbers(starts)[0]), clamp(numbers(ends)[0]));
    return ints(n.outputs[0], [picked.length], picked);
  },
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
    return ints(n.outputs[0], [kept.length], kept);
  }
  const fold = FOLDERS[n.opType];
  if (!fold || n.inputs.length === 0) return undefined;
  const inputs = n.inputs.map((k) => (k === '' ? undefined : tensor(k)));
  if (n.inputs.some((k, i) => k !== '' && !inputs[i])) return undefined;
  return fold(n, inputs, opset);
}

/** The ops folded here, for the import's list of what it reads. */
export const FOLDED_OPS = ['Shape', ...Object.keys(FOLDERS)];

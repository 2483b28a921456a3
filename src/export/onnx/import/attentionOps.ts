/**
 * The import of the layers a transformer is written with (docs/export.md, "Import back"):
 * LayerNormalization as a layerNorm box followed by its learnt scale and bias as parameters of
 * their own (multiply by γ, add β, each broadcast along the positions), as Lensboard draws a
 * LayerNorm; the identity scale and zero bias an export writes are not drawn. Gather from a
 * weight by a data wire of ids as an embedding box; Where of a constant causal condition and
 * −∞ (PyTorch's `masked_fill` of a `tril` buffer) as the mask of the softmax that reads it.
 */
import type { Value } from './drawing';
import { type Ctx, data, floatAttr, type ImportEntry, intAttr, plain, refuse, weight } from './nodeReading';

/** A parameter of the last axis's width repeated along the other axes of `shape`. */
export function spread(c: Ctx, p: Value, shape: readonly number[], what: string): Value {
  let v = p;
  for (let k = shape.length - 2; k >= 0; k--) {
    const s = shape.slice(k);
    v = c.d.box('broadcast', { shape: s, axis: 0 }, `${c.node.name}.${what}_${k}`, [v]).out(0, s);
  }
  return v;
}

/** Whether every row of `last` values repeats the first (a weight broadcast along the positions). */
export function sameRows(v: Float32Array, last: number): boolean {
  for (let i = last; i < v.length; i++) if (!Object.is(v[i], v[i % last])) return false;
  return true;
}

const layerNormalization: ImportEntry = (c) => {
  const x = data(c, 0);
  plain(x, 'it');
  const rank = x.shape.length + 1;
  const axis = intAttr(c.node, 'axis', -1);
  if (axis !== -1 && axis !== rank - 1) refuse(`it normalises from axis ${axis}; Lensboard's layerNorm the last`);
  if (c.node.outputs.length > 1 && c.node.outputs.slice(1).some((o) => o !== ''))
    refuse('it also outputs the mean or the inverse deviation, which Lensboard does not draw');
  const eps = floatAttr(c.node, 'epsilon', 1e-5);
  const width = x.shape[x.shape.length - 1];
  let y = c.d.box('layerNorm', { eps }, c.node.name, [x]).out(0, x.shape);
  // a LayerNorm read back from its decomposition (patterns.ts) may have no scale
  const scale = c.node.inputs[1] ? weight(c, 1) : undefined;
  if (scale && scale.values.length !== width)
    refuse(`its scale “${scale.name}” has ${scale.values.length} values for ${width}`);
  if (scale && Array.from(scale.values).some((v) => v !== 1)) {
    const gamma = c.d.param(scale.name, [width], Float32Array.from(scale.values as Float32Array), scale.name);
    const g = spread(c, gamma, x.shape, 'scale');
    y = c.d.box('multiply', {}, `${c.node.name}.scale`, [y, g]).out(0, x.shape);
  }
  if (!c.node.inputs[2]) return [y];
  const bias = weight(c, 2);
  if (bias.values.length !== width) refuse(`its bias “${bias.name}” has ${bias.values.length} values for ${width}`);
  if (Array.from(bias.values).every((v) => v === 0)) return [y];
  const beta = c.d.param(bias.name, [width], Float32Array.from(bias.values as Float32Array), bias.name);
  return [c.d.box('add', {}, `${c.node.name}.bias`, [y, spread(c, beta, x.shape, 'bias')]).out(0, x.shape)];
};

/** W[ids] with W a weight [vocab, width] and ids a data wire: an embedding of its own parameter. */
const gather: ImportEntry = (c) => {
  const w = weight(c, 0);
  const ids = data(c, 1);
  plain(ids, 'it');
  if (w.dims.length !== 2) refuse(`it gathers from “${w.name}” of shape [${w.dims.join(', ')}], not a table of rows`);
  if (intAttr(c.node, 'axis', 0) !== 0) refuse('it gathers along an axis other than the rows of its table');
  const [vocab, width] = w.dims;
  const table = c.d.param(w.name, [vocab, width], Float32Array.from(w.values as Float32Array), w.name);
  const shape = [...ids.shape, width];
  return [c.d.box('embedding', { vocab, width }, c.node.name, [table, ids]).out(0, shape)];
};

/** Whether cond (leading axes of size 1) is true exactly above the diagonal of a rows × cols value. */
function aboveDiagonal(
  cond: { dims: readonly number[]; values: ArrayLike<number | bigint> },
  rows: number,
  cols: number,
) {
  if (cond.dims.length < 2 || cond.dims.slice(0, -2).some((d) => d !== 1)) return false;
  if (cond.dims.at(-2) !== rows || cond.dims.at(-1) !== cols) return false;
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) if ((Number(cond.values[i * cols + j]) !== 0) !== j > i) return false;
  return true;
}

/** where(cond, −∞, x) with cond the causal condition: x marked for the causal softmax that reads it. */
const where: ImportEntry = (c) => {
  const cond = c.tensor(c.node.inputs[0] ?? '');
  const fill = c.tensor(c.node.inputs[1] ?? '');
  const x = data(c, 2);
  plain(x, 'it');
  const [rows, cols] = x.shape.slice(-2);
  const masks = fill?.values.length === 1 && Number(fill.values[0]) <= -1e4;
  if (!cond || !masks || x.shape.length < 2 || !aboveDiagonal(cond, rows, cols))
    refuse('Lensboard draws Where only as a causal mask: −∞ where the key comes after the query, before a softmax');
  return [{ ...x, masked: 'causal' }];
};

/**
 * Expand of a weight along leading axes (a layer norm's γ or β repeated at every position, as
 * Lensboard's own export writes a broadcast): the weight without those axes as a parameter, and
 * one broadcast box per repeated axis. Other expansions are refused.
 */
const expand: ImportEntry = (c) => {
  const w = c.tensor(c.node.inputs[0] ?? '');
  if (!w) return refuse('it expands a data value; Lensboard reads an Expand of a weight along leading axes');
  const target = c.tensor(c.node.inputs[1] ?? '');
  if (!target) return refuse('its shape is computed in the graph; Lensboard reads a constant shape');
  const shape = Array.from(target.values, Number);
  const dims = [...Array(Math.max(0, shape.length - w.dims.length)).fill(1), ...w.dims];
  let k = 0;
  while (k < dims.length && dims[k] === 1 && shape[k] !== 1) k++;
  const rest = dims.slice(k);
  if (dims.length !== shape.length || rest.length === 0 || rest.join() !== shape.slice(k).join())
    refuse(
      `it expands a weight [${w.dims.join(', ')}] to [${shape.join(', ')}]; Lensboard repeats a weight along leading axes only`,
    );
  let v = c.d.param(w.name, rest, Float32Array.from(w.values as Float32Array), w.name);
  for (let j = k - 1; j >= 0; j--) {
    const s = shape.slice(j);
    v = c.d.box('broadcast', { shape: s, axis: 0 }, `${c.node.name}_${j}`, [v]).out(0, s);
  }
  return [v];
};

export const ATTENTION_OPS: Readonly<Record<string, ImportEntry>> = {
  Expand: expand,
  LayerNormalization: layerNormalization,
  Gather: gather,
  Where: where,
};

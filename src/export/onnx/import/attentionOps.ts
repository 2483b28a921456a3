/**
 * The import of the layers a transformer is written with (docs/export.md, "Import back"):
 * LayerNormalization as a layerNorm box followed by its learnt scale and bias as parameters of
 * their own (multiply by γ, add β, each broadcast along the positions), as Lensboard draws a
 * LayerNorm; the identity scale and zero bias an export writes are not drawn.
 */
import type { Value } from './drawing';
import { type Ctx, data, floatAttr, type ImportEntry, intAttr, plain, refuse, weight } from './nodeReading';

/** A parameter of the last axis's width repeated along the other axes of `shape`. */
function spread(c: Ctx, p: Value, shape: readonly number[], what: string): Value {
  let v = p;
  for (let k = shape.length - 2; k >= 0; k--) {
    const s = shape.slice(k);
    v = c.d.box('broadcast', { shape: s, axis: 0 }, `${c.node.name}.${what}_${k}`, [v]).out(0, s);
  }
  return v;
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
  const scale = weight(c, 1);
  if (scale.values.length !== width) refuse(`its scale “${scale.name}” has ${scale.values.length} values for ${width}`);
  if (Array.from(scale.values).some((v) => v !== 1)) {
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
};

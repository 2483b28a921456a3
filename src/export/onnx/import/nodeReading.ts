/**
 * What an ONNX import entry reads its node with (docs/export.md, "Import back"): the context of
 * the node being drawn, its attributes with ONNX's defaults, its inputs as drawn values or as
 * initialisers, and the refusal that says why a node cannot be drawn.
 */
import type { ConvGeometry } from '../../../core/convGeometry';
import type { OnnxAttribute, OnnxNode, OnnxTensor } from '../model';
import type { Drawing, Value } from './drawing';

export class ImportRefusal extends Error {}

export interface Ctx {
  readonly d: Drawing;
  readonly node: OnnxNode;
  /** The file's opset (Softmax flattened its trailing axes before 13). */
  readonly opset: number;
  /** The data input's batch size when the file fixes it (an export without a dynamic batch axis). */
  readonly batch: number | undefined;
  /** A drawn value, or undefined for an initialiser or a name never made. */
  value(name: string): Value | undefined;
  tensor(name: string): OnnxTensor | undefined;
  /** Records a constant computed from constants (a folded transpose). */
  folded(name: string, t: OnnxTensor): void;
}

export type ImportEntry = (c: Ctx) => Value[];

export const refuse = (why: string): never => {
  throw new ImportRefusal(why);
};

export const attr = (n: OnnxNode, name: string): OnnxAttribute | undefined => n.attributes.find((a) => a.name === name);
export const intAttr = (n: OnnxNode, name: string, fallback: number): number => {
  const a = attr(n, name);
  return a?.kind === 'int' ? a.value : fallback;
};
export const intsAttr = (n: OnnxNode, name: string): readonly number[] | undefined => {
  const a = attr(n, name);
  return a?.kind === 'ints' ? a.value : undefined;
};
export const floatAttr = (n: OnnxNode, name: string, fallback: number): number => {
  const a = attr(n, name);
  return a?.kind === 'float' ? a.value : fallback;
};

export const size = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);
export const isIdentity = (p: readonly number[]) => p.every((v, i) => v === i);

export function data(c: Ctx, k: number): Value {
  const name = c.node.inputs[k] ?? '';
  const v = c.value(name);
  if (v?.masked && c.node.opType !== 'Softmax')
    refuse(`its input ${k + 1} (“${name}”) is causally masked, which Lensboard draws only inside a softmax`);
  if (v) return v;
  if (c.tensor(name)) return refuse(`its input ${k + 1} (“${name}”) is a constant where Lensboard draws a data wire`);
  return refuse(`its input ${k + 1} (“${name}”) is made by no node Lensboard could draw`);
}

export function weight(c: Ctx, k: number): OnnxTensor {
  const t = c.tensor(c.node.inputs[k] ?? '');
  if (!t) return refuse(`its input ${k + 1} (“${c.node.inputs[k]}”) must be an initialiser (a trained weight)`);
  if (!(t.values instanceof Float32Array)) return refuse(`its weight “${t.name}” is not a float tensor`);
  return t;
}

/** A vector value's entries in Lensboard's order: the permutation a flattened image carries, else none. */
export function permOf(v: Value): readonly number[] | undefined {
  const layout = v.layout;
  if (layout === 'nhwc') return refuse('it reads an image where Lensboard expects a vector (flatten it first)');
  if (layout === 'plain') return undefined;
  return isIdentity(layout.perm) ? undefined : layout.perm;
}

export function plain(v: Value, what: string): void {
  if (v.layout !== 'plain' && !(typeof v.layout === 'object' && isIdentity(v.layout.perm))) {
    refuse(`${what} reads a flattened image whose order Lensboard holds differently (NHWC, not NCHW)`);
  }
}

/** The image and the window a spatial node reads, for padding computed from sizes. */
export interface SpatialWindow {
  /** Rows and columns of the image. */
  readonly input: readonly [number, number];
  /** Rows and columns of the window (the filter or the pool's kernel), before dilation. */
  readonly kernel: readonly [number, number];
  /** MaxPool and AveragePool read `ceil_mode`; Conv has none. */
  readonly ceil?: boolean;
}

/**
 * ONNX's spatial attributes as a correlation geometry: `pads` [top, left, bottom, right] (ONNX
 * lists the starts, then the ends), `strides`, `dilations`. `auto_pad` SAME_UPPER/SAME_LOWER
 * (what PyTorch writes for `padding='same'`) and `ceil_mode` become explicit pads from the
 * image's and the window's sizes (docs/onnx-import.md, *Padding*): SAME pads so that the
 * output has ⌈in / stride⌉ cells, the odd cell at the end (UPPER) or the start (LOWER); ceil
 * mode adds at the end the cells a last, partial window reaches past the edge, as long as that
 * window starts inside the image or its start padding. Anything but two spatial axes is
 * refused by name.
 */
export function spatialGeometry(c: Ctx, group: number, window?: SpatialWindow): ConvGeometry {
  const two = (key: string, fallback: number[]) => {
    const v = intsAttr(c.node, key) ?? fallback;
    if (v.length !== 2 || v.some((k) => !Number.isInteger(k) || k < 1))
      refuse(`its attribute ${key} = [${v.join(', ')}] is not two positive sizes (Lensboard draws 2-D images)`);
    return v;
  };
  const strides = [...two('strides', [1, 1])];
  const dilations = [...two('dilations', [1, 1])];
  let pads: number[] = [...(intsAttr(c.node, 'pads') ?? [0, 0, 0, 0])];
  if (pads.length !== 4 || pads.some((p) => !Number.isInteger(p) || p < 0))
    refuse(`its attribute pads = [${pads.join(', ')}] is not four sizes ≥ 0 (Lensboard draws 2-D images)`);
  const pad = attr(c.node, 'auto_pad');
  const auto = pad?.kind === 'string' ? pad.value : 'NOTSET';
  if (auto === 'VALID') pads = [0, 0, 0, 0];
  else if (auto === 'SAME_UPPER' || auto === 'SAME_LOWER') {
    const sized =
      window ?? refuse(`its attribute auto_pad = ${auto} asks for padding from sizes Lensboard does not know here`);
    pads = samePads(sized, strides, dilations, auto === 'SAME_UPPER');
  } else if (auto !== 'NOTSET' && auto !== '') refuse(`its attribute auto_pad = ${auto} is not one ONNX defines`);
  if (window?.ceil) pads = withCeilPads(window, pads, strides, dilations);
  const [t, l, b, r] = pads;
  return {
    pads: [t, b, l, r],
    strides: [strides[0], strides[1]],
    dilations: [dilations[0], dilations[1]],
    groups: group,
  };
}

/** ONNX's order of pads, [top, left, bottom, right], for SAME: ⌈in / stride⌉ cells out. */
function samePads(w: SpatialWindow, strides: number[], dilations: number[], upper: boolean): number[] {
  const begin: number[] = [];
  const end: number[] = [];
  for (const a of [0, 1]) {
    const out = Math.ceil(w.input[a] / strides[a]);
    const total = Math.max(0, (out - 1) * strides[a] + (w.kernel[a] - 1) * dilations[a] + 1 - w.input[a]);
    const small = Math.floor(total / 2);
    begin.push(upper ? small : total - small);
    end.push(upper ? total - small : small);
  }
  return [...begin, ...end];
}

/** The pads with, at each axis's end, the cells ceil mode's last partial window reaches past the edge. */
function withCeilPads(w: SpatialWindow, pads: number[], strides: number[], dilations: number[]): number[] {
  const out = [...pads];
  for (const a of [0, 1]) {
    const span = (w.kernel[a] - 1) * dilations[a] + 1;
    const room = w.input[a] + pads[a] + pads[a + 2] - span;
    if (room < 0) continue; // no whole window: the caller says the window does not fit
    let cells = Math.ceil(room / strides[a]) + 1;
    // a last window must start inside the image or its start padding (ONNX, as PyTorch)
    if ((cells - 1) * strides[a] >= w.input[a] + pads[a]) cells--;
    out[a + 2] += Math.max(0, (cells - 1) * strides[a] + span - (w.input[a] + pads[a] + pads[a + 2]));
  }
  return out;
}

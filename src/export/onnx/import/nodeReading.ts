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

/**
 * ONNX's spatial attributes as a correlation geometry: `pads` [top, left, bottom, right] (ONNX
 * lists the starts, then the ends), `strides`, `dilations`; `auto_pad` other than NOTSET/VALID
 * and anything but two spatial axes are refused by name.
 */
export function spatialGeometry(c: Ctx, group: number): ConvGeometry {
  const two = (key: string, fallback: number[]) => {
    const v = intsAttr(c.node, key) ?? fallback;
    if (v.length !== 2 || v.some((k) => !Number.isInteger(k) || k < 1))
      refuse(`its attribute ${key} = [${v.join(', ')}] is not two positive sizes (Lensboard draws 2-D images)`);
    return v;
  };
  const strides = two('strides', [1, 1]);
  const dilations = two('dilations', [1, 1]);
  const pads = intsAttr(c.node, 'pads') ?? [0, 0, 0, 0];
  if (pads.length !== 4 || pads.some((p) => !Number.isInteger(p) || p < 0))
    refuse(`its attribute pads = [${pads.join(', ')}] is not four sizes ≥ 0 (Lensboard draws 2-D images)`);
  const pad = attr(c.node, 'auto_pad');
  if (pad?.kind === 'string' && !['NOTSET', 'VALID', ''].includes(pad.value))
    refuse(
      `its attribute auto_pad = ${pad.value} asks for padding computed at run time; Lensboard reads explicit pads`,
    );
  const [t, l, b, r] = pads;
  return {
    pads: [t, b, l, r],
    strides: [strides[0], strides[1]],
    dilations: [dilations[0], dilations[1]],
    groups: group,
  };
}

/**
 * The geometry of a 2-D correlation (docs/generators.md, correlate2d): zero padding per side,
 * stride, dilation and channel groups, as ONNX's Conv and torch's Conv2d give them. The default
 * (no padding, stride 1, dilation 1, one group) is the valid correlation of older files.
 */
import type { Config } from './diagram';
import { ConfigError } from './errors';

export interface ConvGeometry {
  /** Zero rows/columns added: top, bottom, left, right. */
  readonly pads: readonly [number, number, number, number];
  readonly strides: readonly [number, number];
  readonly dilations: readonly [number, number];
  /** Input and output channels are split into this many groups; group g's outputs read only its inputs. */
  readonly groups: number;
}

export const validGeometry: ConvGeometry = { pads: [0, 0, 0, 0], strides: [1, 1], dilations: [1, 1], groups: 1 };

export const isValidGeometry = (g: ConvGeometry): boolean =>
  g.pads.every((p) => p === 0) &&
  g.strides.every((s) => s === 1) &&
  g.dilations.every((d) => d === 1) &&
  g.groups === 1;

/** The config fields a convolution generator carries (defaults: the valid correlation). */
export const geometryFields = [
  {
    key: 'pads',
    label: 'padding (top, bottom, left, right)',
    kind: 'shape',
    min: 0,
    length: 4,
    default: [0, 0, 0, 0],
    help: 'zero rows above and below, zero columns left and right',
  },
  { key: 'strides', label: 'stride (rows, columns)', kind: 'shape', min: 1, length: 2, default: [1, 1] },
  { key: 'dilations', label: 'dilation (rows, columns)', kind: 'shape', min: 1, length: 2, default: [1, 1] },
  {
    key: 'groups',
    label: 'groups',
    kind: 'int',
    min: 1,
    max: 4096,
    default: 1,
    help: 'channel groups; groups = input channels is a depthwise convolution',
  },
] as const;

function pair(gen: string, key: string, v: unknown, n: number, fallback: readonly number[]): number[] {
  if (v === undefined) return [...fallback];
  if (!Array.isArray(v) || v.length !== n || !v.every((x) => Number.isInteger(x)))
    throw new ConfigError(gen, key, `a list of ${n} integers`, v);
  return v as number[];
}

/** Reads the geometry of a config (absent keys: the valid correlation's). */
export function geometryOf(gen: string, c: Config): ConvGeometry {
  const pads = pair(gen, 'pads', c.pads, 4, validGeometry.pads);
  const strides = pair(gen, 'strides', c.strides, 2, validGeometry.strides);
  const dilations = pair(gen, 'dilations', c.dilations, 2, validGeometry.dilations);
  const groups = c.groups === undefined ? 1 : (c.groups as number);
  return {
    pads: pads as unknown as ConvGeometry['pads'],
    strides: strides as unknown as ConvGeometry['strides'],
    dilations: dilations as unknown as ConvGeometry['dilations'],
    groups,
  };
}

/** The config entries of a geometry (for a box built from an import or a reverse rule). */
export const geometryConfig = (g: ConvGeometry): Config => ({
  pads: [...g.pads],
  strides: [...g.strides],
  dilations: [...g.dilations],
  groups: g.groups,
});

/** Output rows (or columns) of a correlation: ⌊(n + pads − dilation·(k − 1) − 1) / stride⌋ + 1. */
export const outSize = (n: number, k: number, padA: number, padB: number, stride: number, dilation: number): number =>
  Math.floor((n + padA + padB - dilation * (k - 1) - 1) / stride) + 1;

/** Output height and width of a correlation of an h×w image with a kh×kw filter. */
export function outHW(g: ConvGeometry, h: number, w: number, kh: number, kw: number): [number, number] {
  return [
    outSize(h, kh, g.pads[0], g.pads[1], g.strides[0], g.dilations[0]),
    outSize(w, kw, g.pads[2], g.pads[3], g.strides[1], g.dilations[1]),
  ];
}

/** `pad 1, stride 2, dil 2, groups 3`: what differs from the valid correlation, for labels. */
export function geometryLabel(g: ConvGeometry): string {
  const pairText = (xs: readonly number[]) => (xs.every((x) => x === xs[0]) ? `${xs[0]}` : xs.join(','));
  const parts: string[] = [];
  if (g.pads.some((p) => p !== 0)) parts.push(`pad ${pairText(g.pads)}`);
  if (g.strides.some((s) => s !== 1)) parts.push(`stride ${pairText(g.strides)}`);
  if (g.dilations.some((s) => s !== 1)) parts.push(`dil ${pairText(g.dilations)}`);
  if (g.groups !== 1) parts.push(`groups ${g.groups}`);
  return parts.join(', ');
}

/** A max pool's window: k×k, moved `stride` at a time, over x with `pads` cells (never the maximum) around it. */
export interface PoolGeometry {
  readonly k: number;
  readonly stride: number;
  /** Top, bottom, left, right. */
  readonly pads: readonly [number, number, number, number];
}

/** The pool fields beside the window `k`: stride 0 means k (the tiling pool of older files). */
export const poolFields = [
  { key: 'stride', label: 'stride (0: the window)', kind: 'int', min: 0, max: 64, default: 0 },
  {
    key: 'pads',
    label: 'padding (top, bottom, left, right)',
    kind: 'shape',
    min: 0,
    length: 4,
    default: [0, 0, 0, 0],
    help: 'cells around the image that no window takes as its maximum',
  },
] as const;

export function poolOf(gen: string, c: Config): PoolGeometry {
  const k = c.k as number;
  const stride = c.stride === undefined || c.stride === 0 ? k : (c.stride as number);
  const pads = pair(gen, 'pads', c.pads, 4, [0, 0, 0, 0]);
  if (pads.some((p) => p >= k))
    throw new ConfigError(gen, 'pads', `a list of 4 integers below the window ${k}`, c.pads);
  return { k, stride, pads: pads as unknown as PoolGeometry['pads'] };
}

/** Whether the pool tiles the image: stride k, no padding. */
export const isTiling = (p: PoolGeometry): boolean => p.stride === p.k && p.pads.every((v) => v === 0);

/** Rows and columns of a pooled h×w image. */
export function pooledHW(p: PoolGeometry, h: number, w: number): [number, number] {
  return [
    Math.floor((h + p.pads[0] + p.pads[1] - p.k) / p.stride) + 1,
    Math.floor((w + p.pads[2] + p.pads[3] - p.k) / p.stride) + 1,
  ];
}

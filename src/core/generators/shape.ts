/**
 * Shape plumbing, all linear and field-polymorphic, each paired with its dagger:
 * sumFeatures ↔ broadcast, reshape ↔ reshape back, concat ↔ split. Axes are feature axes
 * (the batch axis is never named); `axis: -1` means every feature axis at once.
 */
import type { Config } from '../diagram';
import type { Kernel } from '../kernel';
import { fullShape, sameShape, shapeSize } from '../shape';
import type { WireType } from '../wire';
import { real } from '../wire';
import { defineGenerator } from './define';
import { linearMap } from './helpers';
import { axesSpan, check, configFail } from './types';

const axisField = { key: 'axis', label: 'axis (−1: all)', kind: 'int', min: -1, max: 8, default: -1 } as const;
const without = (s: readonly number[], axis: number) => (axis < 0 ? [] : s.filter((_, i) => i !== axis));
const keepDims = (s: readonly number[], axis: number) =>
  axis < 0 ? s.map(() => 1) : s.map((n, i) => (i === axis ? 1 : n));
const mod2 = <T>(k: Kernel<T>, x: T, t: WireType) => (t.field === 'z2' ? k.unary('mod2', x) : x);

export const sumFeatures = linearMap(
  {
    id: 'sumFeatures',
    doc: {
      forward: 'y = Σ of x over feature axis `axis` (all feature axes when −1), mod 2 on ℤ₂',
      reverse: 'x′ = d broadcast back along that axis',
      example: { config: { axis: 1 }, inputs: [real([2, 3])] },
    },
    family: 'shape',
    description: 'Sums over one feature axis, or all of them (mod 2 on ℤ₂).',
    symbol: 'Σ',
    configFields: [axisField],
  },
  (c, x) => {
    const axis = c.axis as number;
    if (axis >= x.shape.length) configFail('sumFeatures', 'axis', `−1 ≤ axis < ${x.shape.length}`, axis);
    return { ...x, shape: without(x.shape, axis) };
  },
  (k, x, c, t) => {
    const axis = c.axis as number;
    const lead = t.batch ? 1 : 0;
    return mod2(k, k.sum(x, axis < 0 ? axesSpan(lead, t.shape.length) : axesSpan(axis + lead, 1)), t);
  },
  (b, d, c, x) => b.op('broadcast', [d], { shape: x.shape, axis: c.axis }),
);

/** broadcast's two kernel shapes, kept per config for the last input type and batch size. */
const broadcastShapes = new WeakMap<Config, { t: WireType; batchSize: number; kept: number[]; full: number[] }>();

export const broadcast = linearMap(
  {
    id: 'broadcast',
    doc: {
      forward:
        'y = x repeated along axis `axis` of `shape`: `shape` is y’s feature shape, x’s is `shape` without that axis (a scalar x fills all of `shape` when axis is −1)',
      reverse: 'x′ = d summed over that axis (all feature axes when −1)',
      example: { config: { shape: [2, 3], axis: 1 }, inputs: [real([2])] },
    },
    family: 'shape',
    description: 'Repeats along a new feature axis (or fills a shape from a scalar): the dagger of sum.',
    symbol: '⇶',
    configFields: [{ key: 'shape', label: 'shape', kind: 'shape', min: 1, default: [1] }, axisField],
  },
  (c, x) => {
    const shape = c.shape as number[];
    const axis = c.axis as number;
    if (axis >= shape.length) configFail('broadcast', 'axis', `−1 ≤ axis < ${shape.length}`, axis);
    const want = without(shape, axis);
    check('broadcast', 'x', x, sameShape(x.shape, want), `a wire of shape [${want.join(',')}]`);
    return { ...x, shape: [...shape] };
  },
  (k, x, c, t) => {
    let s = broadcastShapes.get(c);
    if (!s || s.t !== t || s.batchSize !== k.batchSize) {
      const out = { ...t, shape: c.shape as number[] };
      const kept = fullShape({ ...out, shape: keepDims(out.shape, c.axis as number) }, k.batchSize);
      s = { t, batchSize: k.batchSize, kept, full: fullShape(out, k.batchSize) };
      broadcastShapes.set(c, s);
    }
    return k.broadcastAxes(k.reshape(x, s.kept), s.full);
  },
  (b, d, c) => b.op('sumFeatures', [d], { axis: c.axis }),
);

export const reshape = linearMap(
  {
    id: 'reshape',
    doc: {
      forward: 'y = x’s values, row-major, read in `shape`',
      reverse: 'x′ = d read back in x’s shape',
      example: { config: { shape: [3, 2] }, inputs: [real([2, 3])] },
    },
    family: 'shape',
    description: 'Reads the same values with another shape.',
    symbol: '⤨',
    configFields: [{ key: 'shape', label: 'shape', kind: 'shape', min: 1, default: [1] }],
  },
  (c, x) => {
    const shape = c.shape as number[];
    if (shapeSize(shape) !== shapeSize(x.shape))
      configFail('reshape', 'shape', `a shape of ${shapeSize(x.shape)} values`, shape);
    return { ...x, shape: [...shape] };
  },
  (k, x, c, t) => k.reshape(x, fullShape({ ...t, shape: c.shape as number[] }, k.batchSize)),
  (b, d, _c, x) => b.op('reshape', [d], { shape: x.shape }),
);

export const flatten = linearMap(
  {
    id: 'flatten',
    doc: {
      forward: 'y = x read as one feature axis, row-major (the last axis varies fastest)',
      reverse: 'x′ = d read back in x’s shape',
      example: { inputs: [real([2, 2])] },
    },
    family: 'shape',
    description: 'Reshapes to one feature axis.',
    symbol: '▭',
  },
  (_c, x) => ({ ...x, shape: [shapeSize(x.shape)] }),
  (k, x, _c, t) => k.reshape(x, fullShape({ ...t, shape: [shapeSize(t.shape)] }, k.batchSize)),
  (b, d, _c, x) => b.op('reshape', [d], { shape: x.shape }),
);

const perm = (c: Config) => c.perm as number[];
const inverse = (p: readonly number[]) => p.map((_, i) => p.indexOf(i));
/** The permutation of the full shape: the batch axis, when there is one, stays first. */
const fullPerm = (p: readonly number[], t: WireType) => (t.batch ? [0, ...p.map((a) => a + 1)] : p);

export const transpose = linearMap(
  {
    id: 'transpose',
    doc: {
      forward: 'y = x with its feature axes permuted: axis i of y is axis perm[i] of x (the batch stays first)',
      reverse: 'x′ = d permuted back by the inverse of perm',
      example: { config: { perm: [1, 0] }, inputs: [real([2, 3])] },
    },
    family: 'shape',
    description: 'Permutes the feature axes (split heads: [T, H, d] → [H, T, d]); its reverse permutes back.',
    symbol: '⤮',
    configFields: [{ key: 'perm', label: 'axis order', kind: 'shape', min: 0, default: [1, 0] }],
  },
  (c, x) => {
    const p = perm(c);
    const isPerm = p.length === x.shape.length && p.every((a, i) => p.indexOf(a) === i && a < p.length);
    if (!isPerm) configFail('transpose', 'perm', `an order of the axes 0…${x.shape.length - 1}, each once`, p);
    return { ...x, shape: p.map((a) => x.shape[a]) };
  },
  (k, x, c, t) => k.transpose(x, fullPerm(perm(c), t)),
  (b, d, c) => b.op('transpose', [d], { perm: inverse(perm(c)) }),
);

const count = (c: Config) => c.n as number;
const sizes = (c: Config) => c.sizes as number[];

export const concat = defineGenerator({
  id: 'concat',
  doc: {
    forward: 'y = x0, x1, … joined along the last feature axis, in port order',
    reverse: 'x_i′ = the piece of d at x_i’s place (split at the inputs’ sizes)',
    example: { inputs: [real([2]), real([1])] },
  },
  family: 'shape',
  description: 'Joins wires along their last feature axis; its reverse splits the change.',
  symbol: '⧺',
  configFields: [{ key: 'n', label: 'inputs', kind: 'int', min: 1, max: 64, default: 2 }],
  inputs: (c) => Array.from({ length: count(c) }, (_, i) => `x${i}`),
  outputs: ['y'],
  type(_c, xs) {
    const [x0] = xs;
    check('concat', 'x0', x0, x0.shape.length >= 1, 'a wire with at least one feature axis');
    const lead = x0.shape.slice(0, -1);
    xs.forEach((x, i) => {
      const ok =
        x.field === x0.field &&
        x.batch === x0.batch &&
        x.shape.length === x0.shape.length &&
        sameShape(x.shape.slice(0, -1), lead);
      check(
        'concat',
        `x${i}`,
        x,
        ok,
        `a ${x0.field} wire of shape [${[...lead, 'n'].join(',')}]${x0.batch ? '' : 'ᵖ'}`,
      );
    });
    const last = xs.reduce((s, x) => s + x.shape[x.shape.length - 1], 0);
    return [{ ...x0, shape: [...lead, last] }];
  },
  forward: (k, _c, xs, [t]) => [k.concat(xs, t.shape.length - (t.batch ? 0 : 1))],
  reverse: (b, _x, [d], _c, types) => b.box('split', [d], { sizes: types.map((t) => t.shape[t.shape.length - 1]) }),
});

export const split = defineGenerator({
  id: 'split',
  doc: {
    forward: 'y_i = the i-th piece of x’s last feature axis, cut at `sizes`',
    reverse: 'x′ = d_y0, d_y1, … joined along the last axis',
    example: { config: { sizes: [1, 2] }, inputs: [real([3])] },
  },
  family: 'shape',
  description: 'Cuts a wire along its last feature axis; its reverse concatenates the changes.',
  symbol: '⫿',
  configFields: [{ key: 'sizes', label: 'sizes', kind: 'shape', min: 1, default: [1, 1] }],
  inputs: ['x'],
  outputs: (c) => sizes(c).map((_, i) => `y${i}`),
  type(c, [x]) {
    if (sizes(c).length === 0) configFail('split', 'sizes', 'at least one size', sizes(c));
    const total = sizes(c).reduce((a, n) => a + n, 0);
    check(
      'split',
      'x',
      x,
      x.shape.length >= 1 && x.shape[x.shape.length - 1] === total,
      `a wire whose last axis has ${total} values`,
    );
    return sizes(c).map((n) => ({ ...x, shape: [...x.shape.slice(0, -1), n] }));
  },
  forward(k, c, [x], [t]) {
    const full = fullShape(t, k.batchSize);
    let at = 0;
    return sizes(c).map((n) => {
      const begin = full.map((_, i) => (i === full.length - 1 ? at : 0));
      at += n;
      return k.slice(
        x,
        begin,
        full.map((m, i) => (i === full.length - 1 ? n : m)),
      );
    });
  },
  reverse: (b, _x, ds) => [b.op('concat', ds, { n: ds.length })],
});

/**
 * k×k max pooling of images (NHWC, batched), with stride and padding (convGeometry.ts), in the
 * palette's convolution family. The reverses are generators too, closed under R:
 *   R[maxPool2d](x, d)             = maxPoolBack(x, d)
 *   R[maxPoolBack]((x, d), e)      = (0, maxPoolSelect(x, e))   argmax is locally constant
 *   R[maxPoolSelect]((x, e), f)    = (0, maxPoolBack(x, f))
 */
import { isTiling, pooledHW, poolFields, poolOf } from '../convGeometry';
import type { Config } from '../diagram';
import { real, type WireType } from '../wire';
import { defineGenerator } from './define';
import { zeroOf } from './helpers';
import { check, image } from './types';

const meta = { family: 'convolution' } as const;

const poolField = [{ key: 'k', label: 'window', kind: 'int', min: 1, max: 64, default: 2 }, ...poolFields] as const;

function pooled(gen: string, t: WireType, c: Config): WireType {
  const [h, w, ch] = image(gen, 'x', t);
  const p = poolOf(gen, c);
  const [ho, wo] = pooledHW(p, h, w);
  check(
    gen,
    'x',
    t,
    ho >= 1 && wo >= 1,
    `an image at least ${p.k - p.pads[0] - p.pads[1]}×${p.k - p.pads[2] - p.pads[3]}`,
  );
  return real([ho, wo, ch]);
}

/** `maxPool2d[3, stride 2, pad 1]`, or `maxPool2d[2]` for the tiling pool. */
const poolLabel = (id: string) => (c: Config) => {
  const p = poolOf(id, c);
  const pads = p.pads.every((v) => v === p.pads[0]) ? `${p.pads[0]}` : p.pads.join(',');
  return isTiling(p)
    ? `${id}[${p.k}]`
    : `${id}[${p.k}, stride ${p.stride}${p.pads.some((v) => v) ? `, pad ${pads}` : ''}]`;
};

export const maxPool2d = defineGenerator({
  ...meta,
  id: 'maxPool2d',
  doc: {
    forward:
      'y[r, c, ch] = max of x over the k×k window at (s·r − pt, s·c − pl), s the stride (0: k), cells in the `pads` around x never the maximum; rows and columns past the last whole window are dropped',
    reverse:
      'x′ = maxPoolBack(x, d): each window’s change at its maximum (the first in row-major order on a tie), added where windows overlap, 0 elsewhere',
    example: { config: { k: 2 }, inputs: [real([4, 4, 1])] },
  },
  description: 'Maximum over each k×k window (stride k unless set; optional padding that is never the maximum).',
  symbol: '⊞',
  configFields: poolField,
  inputs: ['x'],
  outputs: ['y'],
  type: (c, [x]) => [pooled('maxPool2d', x, c)],
  forward: (k, c, [x]) => [k.maxPool(x, poolOf('maxPool2d', c))],
  reverse: (b, [x], [d], c) => [b.op('maxPoolBack', [x, d], c)],
  termLabel: poolLabel('maxPool2d'),
});

export const maxPoolBack = defineGenerator({
  ...meta,
  id: 'maxPoolBack',
  doc: {
    forward: 'dx = d placed at each window’s maximum of x (the first on a tie; overlapping windows add), 0 elsewhere',
    reverse: 'with e the change of dx: x′ = 0 (the argmax is locally constant),  d′ = maxPoolSelect(x, e)',
    example: { config: { k: 2 }, inputs: [real([4, 4, 1]), real([2, 2, 1])] },
  },
  description: "Routes each window's change to its maximum: the reverse of maxPool2d.",
  symbol: '⊞ᵀ',
  configFields: poolField,
  inputs: ['x', 'd'],
  outputs: ['dx'],
  type(c, [x, d]) {
    const p = pooled('maxPoolBack', x, c);
    check(
      'maxPoolBack',
      'd',
      d,
      d.field === 'real' && d.batch && d.shape.join() === p.shape.join(),
      `ℝ^{${p.shape.join('×')}}`,
    );
    return [x];
  },
  forward: (k, c, [x, d]) => [k.maxPoolBack(x, d, poolOf('maxPoolBack', c))],
  reverse: (b, [x], [e], c) => [zeroOf(b, b.typeOf(x)), b.op('maxPoolSelect', [x, e], c)],
});

export const maxPoolSelect = defineGenerator({
  ...meta,
  id: 'maxPoolSelect',
  doc: {
    forward: 'y[r, c, ch] = e at the maximum of x’s window at (s·r − pt, s·c − pl), as maxPool2d',
    reverse: 'with d the change of y: x′ = 0,  e′ = maxPoolBack(x, d)',
    example: { config: { k: 2 }, inputs: [real([4, 4, 1]), real([4, 4, 1])] },
  },
  description: "Reads e at each window's argmax of x: the dagger of maxPoolBack.",
  symbol: '⊞ₑ',
  configFields: poolField,
  inputs: ['x', 'e'],
  outputs: ['y'],
  type(c, [x, e]) {
    check(
      'maxPoolSelect',
      'e',
      e,
      e.field === 'real' && e.batch && e.shape.join() === x.shape.join(),
      `a wire typed like x`,
    );
    return [pooled('maxPoolSelect', x, c)];
  },
  forward: (k, c, [x, e]) => [k.maxPoolSelect(x, e, poolOf('maxPoolSelect', c))],
  reverse: (b, [x], [f], c) => [zeroOf(b, b.typeOf(x)), b.op('maxPoolBack', [x, f], c)],
});

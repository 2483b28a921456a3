/**
 * Images (NHWC, batched; filters [kh, kw, c, o] from a parameter port): valid stride-1
 * correlation and k×k max pooling. Their reverses are generators too, closed under R:
 *   R[correlate2d]((W, x), d)      = (backFilter(x, d), backInput(W, d))
 *   R[conv2dBackInput]((W, d), e)  = (backFilter(e, d), correlate2d(W, e))
 *   R[conv2dBackFilter]((x, d), E) = (backInput(E, d), correlate2d(E, x))
 *   R[maxPool2d](x, d)             = maxPoolBack(x, d)
 *   R[maxPoolBack]((x, d), e)      = (0, maxPoolSelect(x, e))   argmax is locally constant
 *   R[maxPoolSelect]((x, e), f)    = (0, maxPoolBack(x, f))
 */
import type { Config } from '../diagram';
import { param, real, type WireType } from '../wire';
import { defineGenerator } from './define';
import { zeroOf } from './helpers';
import { check, checkField } from './types';

function image(gen: string, port: string, t: WireType): [number, number, number] {
  checkField(gen, port, t, 'real');
  check(gen, port, t, t.batch && t.shape.length === 3, 'a batched image ℝ^{h×w×c}');
  return [t.shape[0], t.shape[1], t.shape[2]];
}

function filter(gen: string, port: string, t: WireType): [number, number, number, number] {
  checkField(gen, port, t, 'real');
  check(gen, port, t, !t.batch && t.shape.length === 4, 'a filter ℝ^{kh×kw×c×o}ᵖ');
  return [t.shape[0], t.shape[1], t.shape[2], t.shape[3]];
}

const meta = { family: 'convolution' } as const;

export const correlate2d = defineGenerator({
  ...meta,
  id: 'correlate2d',
  doc: {
    forward:
      'y[r, c, o] = Σ_{i<kh, j<kw, ch} x[r+i, c+j, ch]·W[i, j, ch, o]; x is h×w×C (NHWC), W is [kh, kw, C, O], y is (h−kh+1)×(w−kw+1)×O: valid, stride 1, the kernel not flipped',
    reverse: 'W′ = conv2dBackFilter(x, d),  x′ = conv2dBackInput(W, d)',
    example: { inputs: [param([2, 2, 1, 2]), real([3, 3, 1])] },
  },
  description: 'Valid 2-D cross-correlation of an image with a filter (no bias, stride 1).',
  symbol: '⋆',
  inputs: ['W', 'x'],
  params: ['W'],
  outputs: ['y'],
  type(_c, [w, x]) {
    const [kh, kw, c, o] = filter('correlate2d', 'W', w);
    const [h, wd, cx] = image('correlate2d', 'x', x);
    check('correlate2d', 'x', x, cx === c && h >= kh && wd >= kw, `an image with ${c} channels at least ${kh}×${kw}`);
    return [real([h - kh + 1, wd - kw + 1, o])];
  },
  forward: (k, _c, [w, x]) => [k.conv2d(x, w)],
  reverse: (b, [w, x], [d]) => [b.op('conv2dBackFilter', [x, d]), b.op('conv2dBackInput', [w, d])],
});

export const conv2dBackInput = defineGenerator({
  ...meta,
  id: 'conv2dBackInput',
  doc: {
    forward:
      'x[r, c, ch] = Σ_{i, j, o} d[r−i, c−j, o]·W[i, j, ch, o], over the i, j with r−i, c−j inside d; x is (h+kh−1)×(w+kw−1)×C',
    reverse: 'with e the change of x: W′ = conv2dBackFilter(e, d),  d′ = correlate2d(W, e)',
    example: { inputs: [param([2, 2, 1, 2]), real([2, 2, 2])] },
  },
  description: 'The transpose of correlate2d in its image: spreads a change back over the input.',
  symbol: '⋆ᵀ',
  inputs: ['W', 'd'],
  params: ['W'],
  outputs: ['x'],
  type(_c, [w, d]) {
    const [kh, kw, c, o] = filter('conv2dBackInput', 'W', w);
    const [h, wd, od] = image('conv2dBackInput', 'd', d);
    check('conv2dBackInput', 'd', d, od === o, `an image with ${o} channels`);
    return [real([h + kh - 1, wd + kw - 1, c])];
  },
  forward: (k, _c, [w, d], [tw, td]) => [
    k.conv2dBackInput(d, w, [k.batchSize, td.shape[0] + tw.shape[0] - 1, td.shape[1] + tw.shape[1] - 1, tw.shape[2]]),
  ],
  reverse: (b, [w, d], [e]) => [b.op('conv2dBackFilter', [e, d]), b.op('correlate2d', [w, e])],
});

export const conv2dBackFilter = defineGenerator({
  ...meta,
  id: 'conv2dBackFilter',
  doc: {
    forward: 'W[i, j, ch, o] = Σ_b Σ_{r, c} x[r+i, c+j, ch]·d[r, c, o]; unbatched, of shape [h−hd+1, w−wd+1, C, O]',
    reverse: 'with e the change of W: x′ = conv2dBackInput(e, d),  d′ = correlate2d(e, x)',
    example: { inputs: [real([3, 3, 1]), real([2, 2, 2])] },
  },
  description: 'The transpose of correlate2d in its filter: the change of the filter, summed over the batch.',
  symbol: '⋆ᵂ',
  inputs: ['x', 'd'],
  outputs: ['W'],
  type(_c, [x, d]) {
    const [h, wd, c] = image('conv2dBackFilter', 'x', x);
    const [hd, wdd, o] = image('conv2dBackFilter', 'd', d);
    check('conv2dBackFilter', 'd', d, hd <= h && wdd <= wd, `an image no larger than ${h}×${wd}`);
    return [param([h - hd + 1, wd - wdd + 1, c, o])];
  },
  forward: (k, _c, [x, d], [tx, td]) => [
    k.conv2dBackFilter(x, d, [tx.shape[0] - td.shape[0] + 1, tx.shape[1] - td.shape[1] + 1, tx.shape[2], td.shape[2]]),
  ],
  reverse: (b, [x, d], [e]) => [b.op('conv2dBackInput', [e, d]), b.op('correlate2d', [e, x])],
});

const poolField = [{ key: 'k', label: 'window', kind: 'int', min: 1, max: 64, default: 2 }] as const;
const win = (c: Config) => c.k as number;

function pooled(gen: string, t: WireType, k: number): WireType {
  const [h, w, c] = image(gen, 'x', t);
  check(gen, 'x', t, h >= k && w >= k, `an image at least ${k}×${k}`);
  return real([Math.floor(h / k), Math.floor(w / k), c]);
}

export const maxPool2d = defineGenerator({
  ...meta,
  id: 'maxPool2d',
  doc: {
    forward:
      'y[r, c, ch] = max of x over the k×k window at (k·r, k·c), stride k; rows and columns past the last whole window are dropped',
    reverse:
      'x′ = maxPoolBack(x, d): each window’s change at its maximum (the first in row-major order on a tie), 0 elsewhere',
    example: { config: { k: 2 }, inputs: [real([4, 4, 1])] },
  },
  description: 'Maximum over each k×k window (stride k).',
  symbol: '⊞',
  configFields: poolField,
  inputs: ['x'],
  outputs: ['y'],
  type: (c, [x]) => [pooled('maxPool2d', x, win(c))],
  forward: (k, c, [x]) => [k.maxPool(x, win(c))],
  reverse: (b, [x], [d], c) => [b.op('maxPoolBack', [x, d], c)],
  termLabel: (c) => `maxPool2d[${win(c)}]`,
});

export const maxPoolBack = defineGenerator({
  ...meta,
  id: 'maxPoolBack',
  doc: {
    forward: 'dx = d placed at each k×k window’s maximum of x (the first on a tie), 0 elsewhere',
    reverse: 'with e the change of dx: x′ = 0 (the argmax is locally constant),  d′ = maxPoolSelect(x, e)',
    example: { config: { k: 2 }, inputs: [real([4, 4, 1]), real([2, 2, 1])] },
  },
  description: "Routes each window's change to its maximum: the reverse of maxPool2d.",
  symbol: '⊞ᵀ',
  configFields: poolField,
  inputs: ['x', 'd'],
  outputs: ['dx'],
  type(c, [x, d]) {
    const p = pooled('maxPoolBack', x, win(c));
    check(
      'maxPoolBack',
      'd',
      d,
      d.field === 'real' && d.batch && d.shape.join() === p.shape.join(),
      `ℝ^{${p.shape.join('×')}}`,
    );
    return [x];
  },
  forward: (k, c, [x, d]) => [k.maxPoolBack(x, d, win(c))],
  reverse: (b, [x], [e], c) => [zeroOf(b, b.typeOf(x)), b.op('maxPoolSelect', [x, e], c)],
});

export const maxPoolSelect = defineGenerator({
  ...meta,
  id: 'maxPoolSelect',
  doc: {
    forward: 'y[r, c, ch] = e at the maximum of x’s k×k window at (k·r, k·c)',
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
    return [pooled('maxPoolSelect', x, win(c))];
  },
  forward: (k, c, [x, e]) => [k.maxPoolSelect(x, e, win(c))],
  reverse: (b, [x], [f], c) => [zeroOf(b, b.typeOf(x)), b.op('maxPoolBack', [x, f], c)],
});

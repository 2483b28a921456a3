/**
 * Images (NHWC, batched; filters [kh, kw, c/groups, o] from a parameter port): correlation with
 * zero padding, stride, dilation and groups (convGeometry.ts; the defaults are the valid stride-1
 * correlation of older files). The transposes carry the same geometry. Their reverses are
 * generators too, closed under R:
 *   R[correlate2d]((W, x), d)      = (backFilter(x, d), backInput(W, d))
 *   R[conv2dBackInput]((W, d), e)  = (backFilter(e, d), correlate2d(W, e))
 *   R[conv2dBackFilter]((x, d), E) = (backInput(E, d), correlate2d(E, x))
 * Max pooling, in the same palette family, is pooling.ts.
 */
import { type ConvGeometry, geometryConfig, geometryFields, geometryLabel, geometryOf, outHW } from '../convGeometry';
import type { Config } from '../diagram';
import { ConfigError } from '../errors';
import { param, real, type WireType } from '../wire';
import { defineGenerator } from './define';
import { check, checkField, image } from './types';

function filter(gen: string, port: string, t: WireType): [number, number, number, number] {
  checkField(gen, port, t, 'real');
  check(gen, port, t, !t.batch && t.shape.length === 4, 'a filter ℝ^{kh×kw×c×o}ᵖ');
  return [t.shape[0], t.shape[1], t.shape[2], t.shape[3]];
}

const meta = { family: 'convolution' } as const;

/** The geometry of a box's config, checked against its filter and image (the type rules below). */
function geom(gen: string, c: Config, wPort: string, w: WireType, cIn: number, o: number): ConvGeometry {
  const g = geometryOf(gen, c);
  check(gen, wPort, w, o % g.groups === 0, `a filter whose ${o} output channels split into ${g.groups} groups`);
  check(gen, wPort, w, cIn % g.groups === 0 || g.groups === 1, `input channels that split into ${g.groups} groups`);
  return g;
}

/** What a box differs from the valid correlation by, for the term printer. */
const geomLabel = (id: string) => (c: Config) => {
  const text = geometryLabel(geometryOf(id, c));
  return text ? `${id}[${text}]` : id;
};

export const correlate2d = defineGenerator({
  ...meta,
  id: 'correlate2d',
  doc: {
    forward:
      'y[r, c, o] = Σ_{i<kh, j<kw, ch<C/g} x̂[r·sh+i·dh, c·sw+j·dw, G·C/g+ch]·W[i, j, ch, o], G = ⌊o/(O/g)⌋; x̂ is x (h×w×C, NHWC) with `pads` zero rows and columns around it, W is [kh, kw, C/g, O], y is ⌊(h+pt+pb−dh(kh−1)−1)/sh⌋+1 rows (columns alike) × O; the kernel is not flipped. The defaults (no padding, stride 1, dilation 1, one group) are the valid correlation',
    reverse: 'W′ = conv2dBackFilter(x, d),  x′ = conv2dBackInput(W, d), with the same geometry',
    example: { inputs: [param([2, 2, 1, 2]), real([3, 3, 1])] },
  },
  description:
    '2-D cross-correlation of an image with a filter (no bias), with zero padding, stride, dilation and channel groups.',
  symbol: '⋆',
  configFields: geometryFields,
  inputs: ['W', 'x'],
  params: ['W'],
  outputs: ['y'],
  type(c, [w, x]) {
    const [kh, kw, cg, o] = filter('correlate2d', 'W', w);
    const [h, wd, cx] = image('correlate2d', 'x', x);
    const g = geom('correlate2d', c, 'W', w, cx, o);
    const [ho, wo] = outHW(g, h, wd, kh, kw);
    check(
      'correlate2d',
      'x',
      x,
      cx === cg * g.groups && ho >= 1 && wo >= 1,
      `an image with ${cg * g.groups} channels, large enough for a ${kh}×${kw} filter (${geometryLabel(g) || 'valid'})`,
    );
    return [real([ho, wo, o])];
  },
  forward: (k, c, [w, x]) => [k.conv2d(x, w, geometryOf('correlate2d', c))],
  reverse: (b, [w, x], [d], c) => {
    const [kh, kw] = b.typeOf(w).shape;
    const [h, wd] = b.typeOf(x).shape;
    const g = geometryConfig(geometryOf('correlate2d', c));
    return [
      b.op('conv2dBackFilter', [x, d], { ...g, kernel: [kh, kw] }),
      b.op('conv2dBackInput', [w, d], { ...g, inSize: [h, wd] }),
    ];
  },
  termLabel: geomLabel('correlate2d'),
});

const inSizeField = {
  key: 'inSize',
  label: 'input size (rows, columns)',
  kind: 'shape',
  min: 0,
  length: 2,
  default: [0, 0],
  help: 'the image size the change spreads over; 0 × 0: the smallest that gives d',
} as const;

const kernelField = {
  key: 'kernel',
  label: 'filter size (rows, columns)',
  kind: 'shape',
  min: 0,
  length: 2,
  default: [0, 0],
  help: 'the filter size whose change this is; 0 × 0: the largest that fits x',
} as const;

function sizeOf(gen: string, c: Config, key: string): [number, number] {
  const v = c[key] ?? [0, 0];
  if (!Array.isArray(v) || v.length !== 2) throw new ConfigError(gen, key, 'a list of 2 integers', v);
  return [v[0] as number, v[1] as number];
}

/** x's rows and columns for conv2dBackInput: from `inSize`, or the smallest whose correlation has d's size. */
function backInputSize(c: Config, g: ConvGeometry, d: readonly number[], kh: number, kw: number): [number, number] {
  const [h, w] = sizeOf('conv2dBackInput', c, 'inSize');
  const least = (n: number, k: number, pa: number, pb: number, s: number, dl: number) =>
    (n - 1) * s + dl * (k - 1) + 1 - pa - pb;
  return [
    h > 0 ? h : least(d[0], kh, g.pads[0], g.pads[1], g.strides[0], g.dilations[0]),
    w > 0 ? w : least(d[1], kw, g.pads[2], g.pads[3], g.strides[1], g.dilations[1]),
  ];
}

/** The filter's rows and columns for conv2dBackFilter: from `kernel`, or the largest whose correlation of x has d's size. */
function backFilterSize(c: Config, g: ConvGeometry, x: readonly number[], d: readonly number[]): [number, number] {
  const [kh, kw] = sizeOf('conv2dBackFilter', c, 'kernel');
  const most = (n: number, m: number, pa: number, pb: number, s: number, dl: number) =>
    Math.floor((n + pa + pb - 1 - (m - 1) * s) / dl) + 1;
  return [
    kh > 0 ? kh : most(x[0], d[0], g.pads[0], g.pads[1], g.strides[0], g.dilations[0]),
    kw > 0 ? kw : most(x[1], d[1], g.pads[2], g.pads[3], g.strides[1], g.dilations[1]),
  ];
}

export const conv2dBackInput = defineGenerator({
  ...meta,
  id: 'conv2dBackInput',
  doc: {
    forward:
      'x[r, c, ch] = Σ over the (y, q, i, j, o) with y·sh+i·dh−pt = r, q·sw+j·dw−pl = c (ch in o’s group) of d[y, q, o]·W[i, j, ch mod C/g, o]: the transpose of correlate2d in its image; x has `inSize` rows and columns (0 × 0: the smallest that gives d, (h+kh−1)×(w+kw−1) when valid) and C = g·(W’s third axis) channels',
    reverse: 'with e the change of x: W′ = conv2dBackFilter(e, d),  d′ = correlate2d(W, e), with the same geometry',
    example: { inputs: [param([2, 2, 1, 2]), real([2, 2, 2])] },
  },
  description: 'The transpose of correlate2d in its image: spreads a change back over the input.',
  symbol: '⋆ᵀ',
  configFields: [...geometryFields, inSizeField],
  inputs: ['W', 'd'],
  params: ['W'],
  outputs: ['x'],
  type(c, [w, d]) {
    const [kh, kw, cg, o] = filter('conv2dBackInput', 'W', w);
    const [h, wd, od] = image('conv2dBackInput', 'd', d);
    check('conv2dBackInput', 'd', d, od === o, `an image with ${o} channels`);
    const g = geom('conv2dBackInput', c, 'W', w, cg * geometryOf('conv2dBackInput', c).groups, o);
    const [hx, wx] = backInputSize(c, g, [h, wd], kh, kw);
    const [ho, wo] = outHW(g, hx, wx, kh, kw);
    check(
      'conv2dBackInput',
      'd',
      d,
      hx >= 1 && wx >= 1 && ho === h && wo === wd,
      `an image of ${ho}×${wo} (from inSize ${hx}×${wx})`,
    );
    return [real([hx, wx, cg * g.groups])];
  },
  forward: (k, c, [w, d], [tw, td]) => {
    const g = geometryOf('conv2dBackInput', c);
    const [hx, wx] = backInputSize(c, g, td.shape, tw.shape[0], tw.shape[1]);
    return [k.conv2dBackInput(d, w, [k.batchSize, hx, wx, tw.shape[2] * g.groups], g)];
  },
  reverse: (b, [w, d], [e], c) => {
    const [kh, kw] = b.typeOf(w).shape;
    const g = geometryConfig(geometryOf('conv2dBackInput', c));
    return [b.op('conv2dBackFilter', [e, d], { ...g, kernel: [kh, kw] }), b.op('correlate2d', [w, e], g)];
  },
  termLabel: geomLabel('conv2dBackInput'),
});

export const conv2dBackFilter = defineGenerator({
  ...meta,
  id: 'conv2dBackFilter',
  doc: {
    forward:
      'W[i, j, ch, o] = Σ_b Σ_{y, q} x̂[y·sh+i·dh, q·sw+j·dw, G·C/g+ch]·d[y, q, o], G = ⌊o/(O/g)⌋, x̂ the padded x; unbatched, of shape [kh, kw, C/g, O] with kh×kw from `kernel` (0 × 0: the largest that fits, [h−hd+1, w−wd+1] when valid)',
    reverse: 'with e the change of W: x′ = conv2dBackInput(e, d),  d′ = correlate2d(e, x), with the same geometry',
    example: { inputs: [real([3, 3, 1]), real([2, 2, 2])] },
  },
  description: 'The transpose of correlate2d in its filter: the change of the filter, summed over the batch.',
  symbol: '⋆ᵂ',
  configFields: [...geometryFields, kernelField],
  inputs: ['x', 'd'],
  outputs: ['W'],
  type(c, [x, d]) {
    const [h, wd, cx] = image('conv2dBackFilter', 'x', x);
    const [hd, wdd, o] = image('conv2dBackFilter', 'd', d);
    const g = geometryOf('conv2dBackFilter', c);
    check('conv2dBackFilter', 'x', x, cx % g.groups === 0, `an image whose channels split into ${g.groups} groups`);
    check('conv2dBackFilter', 'd', d, o % g.groups === 0, `an image whose channels split into ${g.groups} groups`);
    const [kh, kw] = backFilterSize(c, g, [h, wd], [hd, wdd]);
    const [ho, wo] = kh >= 1 && kw >= 1 ? outHW(g, h, wd, kh, kw) : [-1, -1];
    check('conv2dBackFilter', 'd', d, ho === hd && wo === wdd, `an image of the size x correlates to (${ho}×${wo})`);
    return [param([kh, kw, cx / g.groups, o])];
  },
  forward: (k, c, [x, d], [tx, td]) => {
    const g = geometryOf('conv2dBackFilter', c);
    const [kh, kw] = backFilterSize(c, g, tx.shape, td.shape);
    return [k.conv2dBackFilter(x, d, [kh, kw, tx.shape[2] / g.groups, td.shape[2]], g)];
  },
  reverse: (b, [x, d], [e], c) => {
    const [h, wd] = b.typeOf(x).shape;
    const g = geometryConfig(geometryOf('conv2dBackFilter', c));
    return [b.op('conv2dBackInput', [e, d], { ...g, inSize: [h, wd] }), b.op('correlate2d', [e, x], g)];
  },
  termLabel: geomLabel('conv2dBackFilter'),
});

/**
 * Image loops for the typed-array kernel, NHWC: correlation (the valid stride-1 one in its own
 * tight loops; padding, stride, dilation and groups in one loop over the filter's taps) and
 * k×k max pooling with any stride and padding.
 * The pooling argmax is the first maximum in row-major window order, as tfjs's argMax picks,
 * so both engines route a tied change to the same place.
 */
import { type ConvGeometry, isValidGeometry, outHW, type PoolGeometry, pooledHW } from '../core/convGeometry';
import type { TypedTensor } from './typedKernel';

type Make = (shape: readonly number[]) => TypedTensor;

export function conv2d(x: TypedTensor, w: TypedTensor, g: ConvGeometry, make: Make): TypedTensor {
  if (!isValidGeometry(g)) {
    const [B, H, W] = x.shape;
    const [kh, kw, , O] = w.shape;
    const [ho, wo] = outHW(g, H, W, kh, kw);
    const out = make([B, ho, wo, O]);
    out.data.fill(0);
    taps(x.shape, w.shape, out.shape, g, 'forward', x.data, w.data, out.data);
    return out;
  }
  const [B, H, W, C] = x.shape;
  const [kh, kw, , O] = w.shape;
  const [ho, wo] = [H - kh + 1, W - kw + 1];
  const out = make([B, ho, wo, O]);
  const [xd, wd, od] = [x.data, w.data, out.data];
  od.fill(0);
  for (let b = 0; b < B; b++)
    for (let y = 0; y < ho; y++)
      for (let q = 0; q < wo; q++) {
        const o0 = ((b * ho + y) * wo + q) * O;
        for (let i = 0; i < kh; i++)
          for (let j = 0; j < kw; j++)
            for (let c = 0; c < C; c++) {
              const xv = xd[((b * H + y + i) * W + q + j) * C + c];
              const w0 = ((i * kw + j) * C + c) * O;
              for (let o = 0; o < O; o++) od[o0 + o] += xv * wd[w0 + o];
            }
      }
  return out;
}

export function conv2dBackInput(
  d: TypedTensor,
  w: TypedTensor,
  xShape: readonly number[],
  g: ConvGeometry,
  make: Make,
): TypedTensor {
  if (!isValidGeometry(g)) {
    const out = make(xShape);
    out.data.fill(0);
    taps(xShape, w.shape, d.shape, g, 'input', d.data, w.data, out.data);
    return out;
  }
  const [B, H, W, C] = xShape;
  const [kh, kw, , O] = w.shape;
  const [, ho, wo] = d.shape;
  const out = make(xShape);
  const [dd, wd, od] = [d.data, w.data, out.data];
  od.fill(0);
  for (let b = 0; b < B; b++)
    for (let y = 0; y < ho; y++)
      for (let q = 0; q < wo; q++)
        for (let i = 0; i < kh; i++)
          for (let j = 0; j < kw; j++)
            for (let c = 0; c < C; c++) {
              let s = 0;
              for (let o = 0; o < O; o++) s += dd[((b * ho + y) * wo + q) * O + o] * wd[((i * kw + j) * C + c) * O + o];
              od[((b * H + y + i) * W + q + j) * C + c] += s;
            }
  return out;
}

export function conv2dBackFilter(
  x: TypedTensor,
  d: TypedTensor,
  wShape: readonly number[],
  g: ConvGeometry,
  make: Make,
): TypedTensor {
  if (!isValidGeometry(g)) {
    const out = make(wShape);
    out.data.fill(0);
    taps(x.shape, wShape, d.shape, g, 'filter', x.data, d.data, out.data);
    return out;
  }
  const [B, H, W, C] = x.shape;
  const [kh, kw, , O] = wShape;
  const [, ho, wo] = d.shape;
  const out = make(wShape);
  const [xd, dd, od] = [x.data, d.data, out.data];
  od.fill(0);
  for (let b = 0; b < B; b++)
    for (let y = 0; y < ho; y++)
      for (let q = 0; q < wo; q++)
        for (let i = 0; i < kh; i++)
          for (let j = 0; j < kw; j++)
            for (let c = 0; c < C; c++) {
              const xv = xd[((b * H + y + i) * W + q + j) * C + c];
              for (let o = 0; o < O; o++)
                od[((i * kw + j) * C + c) * O + o] += xv * dd[((b * ho + y) * wo + q) * O + o];
            }
  return out;
}

type Data = TypedTensor['data'];

/**
 * Every product of a correlation with geometry g: output (b, y, q, o) reads input row
 * y·stride − padTop + i·dilation (column likewise) of channel group ⌊o / (O/groups)⌋ with filter
 * tap (i, j). `forward` adds x·W into y, `input` adds d·W into x, `filter` adds x·d into W;
 * taps that fall in the padding read zero and are skipped.
 */
function taps(
  xShape: readonly number[],
  wShape: readonly number[],
  yShape: readonly number[],
  g: ConvGeometry,
  mode: 'forward' | 'input' | 'filter',
  a: Data,
  b: Data,
  out: Data,
): void {
  const [B, H, W, C] = xShape;
  const [kh, kw, Cg, O] = wShape;
  const [, ho, wo] = yShape;
  const Og = O / g.groups;
  const [pt, , pl] = g.pads;
  const [sh, sw] = g.strides;
  const [dh, dw] = g.dilations;
  for (let n = 0; n < B; n++)
    for (let y = 0; y < ho; y++)
      for (let q = 0; q < wo; q++) {
        const y0 = ((n * ho + y) * wo + q) * O;
        for (let i = 0; i < kh; i++) {
          const r = y * sh - pt + i * dh;
          if (r < 0 || r >= H) continue;
          for (let j = 0; j < kw; j++) {
            const c = q * sw - pl + j * dw;
            if (c < 0 || c >= W) continue;
            const x0 = ((n * H + r) * W + c) * C;
            for (let gi = 0; gi < g.groups; gi++)
              for (let cc = 0; cc < Cg; cc++) {
                const xi = x0 + gi * Cg + cc;
                const w0 = ((i * kw + j) * Cg + cc) * O + gi * Og;
                const o0 = y0 + gi * Og;
                if (mode === 'forward') {
                  const xv = a[xi];
                  for (let o = 0; o < Og; o++) out[o0 + o] += xv * b[w0 + o];
                } else if (mode === 'input') {
                  let s = 0;
                  for (let o = 0; o < Og; o++) s += a[o0 + o] * b[w0 + o];
                  out[xi] += s;
                } else {
                  const xv = a[xi];
                  for (let o = 0; o < Og; o++) out[w0 + o] += xv * b[o0 + o];
                }
              }
          }
        }
      }
}

/** Calls f(pooled index, flat index of the window's first maximum) for every window; padding is never a maximum. */
function windows(x: TypedTensor, p: PoolGeometry, f: (at: number, arg: number) => void): void {
  const [B, H, W, C] = x.shape;
  const [ho, wo] = pooledHW(p, H, W);
  const { k, stride } = p;
  const [pt, , pl] = p.pads;
  const xd = x.data;
  for (let b = 0; b < B; b++)
    for (let y = 0; y < ho; y++)
      for (let q = 0; q < wo; q++)
        for (let c = 0; c < C; c++) {
          let arg = -1;
          for (let i = 0; i < k; i++) {
            const r = y * stride - pt + i;
            if (r < 0 || r >= H) continue;
            for (let j = 0; j < k; j++) {
              const col = q * stride - pl + j;
              if (col < 0 || col >= W) continue;
              const at = ((b * H + r) * W + col) * C + c;
              if (arg < 0 || xd[at] > xd[arg]) arg = at;
            }
          }
          f(((b * ho + y) * wo + q) * C + c, arg);
        }
}

const pooledShape = (x: TypedTensor, p: PoolGeometry) => [
  x.shape[0],
  ...pooledHW(p, x.shape[1], x.shape[2]),
  x.shape[3],
];

export function maxPool(x: TypedTensor, p: PoolGeometry, make: Make): TypedTensor {
  const out = make(pooledShape(x, p));
  windows(x, p, (at, arg) => {
    out.data[at] = x.data[arg];
  });
  return out;
}

export function maxPoolBack(x: TypedTensor, d: TypedTensor, p: PoolGeometry, make: Make): TypedTensor {
  const out = make(x.shape);
  out.data.fill(0);
  windows(x, p, (at, arg) => {
    out.data[arg] += d.data[at];
  });
  return out;
}

export function maxPoolSelect(x: TypedTensor, e: TypedTensor, p: PoolGeometry, make: Make): TypedTensor {
  const out = make(pooledShape(x, p));
  windows(x, p, (at, arg) => {
    out.data[at] = e.data[arg];
  });
  return out;
}

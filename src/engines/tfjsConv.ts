/**
 * Convolutions on tfjs with padding, stride, dilation and groups, out of the ops whose gradients
 * tfjs has on every backend, so that tf.grad (the tests' second oracle) differentiates them.
 */
import * as tf from '@tensorflow/tfjs';
import { type ConvGeometry, isValidGeometry } from '../core/convGeometry';

/** x ([B, H, W, C]) padded with `fill` by pads [top, bottom, left, right]; x itself when they are all 0. */
export function padHW(x: tf.Tensor, [t, b, l, r]: readonly number[], fill = 0): tf.Tensor {
  if (t <= 0 && b <= 0 && l <= 0 && r <= 0) return x;
  return tf.pad(
    x,
    [
      [0, 0],
      [t, b],
      [l, r],
      [0, 0],
    ],
    fill,
  );
}

/** The forward correlation: tfjs's own conv2d when valid. */
export const conv2dTf = (x: tf.Tensor, w: tf.Tensor, g: ConvGeometry): tf.Tensor =>
  isValidGeometry(g) ? tf.conv2d(x as tf.Tensor4D, w as tf.Tensor4D, 1, 'valid') : correlate(x, w, g);

/** The change of the input: tfjs's own transpose when valid, else the vjp of `correlate` in x. */
export const conv2dBackInputTf = (d: tf.Tensor, w: tf.Tensor, xShape: readonly number[], g: ConvGeometry): tf.Tensor =>
  isValidGeometry(g)
    ? tf.conv2dTranspose(d as tf.Tensor4D, w as tf.Tensor4D, xShape as [number, number, number, number], 1, 'valid')
    : tf.tidy(() => tf.grad((x: tf.Tensor) => correlate(x, w, g, false))(tf.zeros([...xShape]), d));

/** dW[i,j,c,o] = Σ x[b,y+i,q+j,c]·d[b,y,q,o]: a correlation with channels and batch swapped. */
export function conv2dBackFilterTf(x: tf.Tensor, d: tf.Tensor, wShape: readonly number[], g: ConvGeometry): tf.Tensor {
  if (!isValidGeometry(g)) return tf.tidy(() => backFilter(x, d, wShape, g));
  const xs = tf.transpose(x, [3, 1, 2, 0]) as tf.Tensor4D;
  const ds = tf.transpose(d, [1, 2, 0, 3]) as tf.Tensor4D;
  return tf.transpose(tf.conv2d(xs, ds, 1, 'valid'), [1, 2, 0, 3]);
}

/**
 * A correlation with padding, stride, dilation and groups out of the ops whose gradients tfjs
 * has on every backend: explicit zero padding, the filter dilated by inserting zeros (tfjs's
 * conv gradients refuse dilation), then a strided valid conv2d, a depthwiseConv2d (one input
 * channel per group) or one conv2d per group. Under tf.grad (conv2dBackInput) the depthwise op
 * is not used: the gradient of its input gradient is missing in tfjs, and R[R[f]] needs it.
 */
function correlate(x: tf.Tensor, w: tf.Tensor, g: ConvGeometry, depthwise = true): tf.Tensor4D {
  const xp = padHW(x, g.pads) as tf.Tensor4D;
  const wd = dilate(w, g.dilations) as tf.Tensor4D;
  const strides = [g.strides[0], g.strides[1]] as [number, number];
  if (g.groups === 1) return tf.conv2d(xp, wd, strides, 'valid');
  const [kh, kw, cg, o] = wd.shape;
  const c = xp.shape[3];
  if (depthwise && cg === 1 && g.groups === c)
    return tf.depthwiseConv2d(xp, tf.reshape(wd, [kh, kw, c, o / c]) as tf.Tensor4D, strides, 'valid');
  const xs = tf.split(xp, g.groups, 3);
  const ws = tf.split(wd, g.groups, 3);
  return tf.concat(
    xs.map((xi, i) => tf.conv2d(xi as tf.Tensor4D, ws[i] as tf.Tensor4D, strides, 'valid')),
    3,
  ) as tf.Tensor4D;
}

/**
 * dW[i,j,c,o] = Σ_{b,y,q} x̂[b, y·sh+i·dh, q·sw+j·dw, c]·d[b,y,q,o], per group: a forward conv2d
 * with batch and channels swapped, d dilated by the stride and stepping by the dilation (tfjs
 * has no gradient of its own filter-gradient op, so this stays differentiable).
 */
function backFilter(x: tf.Tensor, d: tf.Tensor, wShape: readonly number[], g: ConvGeometry): tf.Tensor {
  const xp = padHW(x, g.pads);
  const [kh, kw, cg, o] = wShape;
  const og = o / g.groups;
  const one = (gi: number) => {
    const xg = g.groups === 1 ? xp : tf.slice(xp, [0, 0, 0, gi * cg], [-1, -1, -1, cg]);
    const dg = g.groups === 1 ? d : tf.slice(d, [0, 0, 0, gi * og], [-1, -1, -1, og]);
    const xs = tf.transpose(xg, [3, 1, 2, 0]) as tf.Tensor4D;
    const ds = dilate(tf.transpose(dg, [1, 2, 0, 3]), g.strides) as tf.Tensor4D;
    const r = tf.conv2d(xs, ds, [g.dilations[0], g.dilations[1]], 'valid');
    return tf.transpose(tf.slice(r, [0, 0, 0, 0], [-1, kh, kw, -1]), [1, 2, 0, 3]);
  };
  return g.groups === 1
    ? one(0)
    : tf.concat(
        Array.from({ length: g.groups }, (_, gi) => one(gi)),
        3,
      );
}

/** A [kh, kw, c, o] filter with dilation − 1 zero rows (columns) between its taps. */
function dilate(w: tf.Tensor, [dh, dw]: readonly [number, number]): tf.Tensor {
  if (dh === 1 && dw === 1) return w;
  const [kh, kw, c, o] = w.shape;
  const spread = tf.pad(tf.reshape(w, [kh, 1, kw, 1, c, o]), [
    [0, 0],
    [0, dh - 1],
    [0, 0],
    [0, dw - 1],
    [0, 0],
    [0, 0],
  ]);
  const big = tf.reshape(spread, [kh * dh, kw * dw, c, o]);
  return tf.slice(big, [0, 0, 0, 0], [(kh - 1) * dh + 1, (kw - 1) * dw + 1, c, o]);
}

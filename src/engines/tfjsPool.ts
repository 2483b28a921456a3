/**
 * Max pooling on tfjs out of public, differentiable ops: each window gathered on a last axis,
 * its maximum routed back through a one-hot of argMax, which picks the first maximum as the
 * typed engine does (docs/generators.md).
 */
import * as tf from '@tensorflow/tfjs';
import { isTiling, type PoolGeometry, pooledHW } from '../core/convGeometry';
import { padHW } from './tfjsConv';

/** [B,H,W,C] → [B,ho,wo,C,k·k]: each pooling window on the last axis (floor-cropped). */
function windows(x: tf.Tensor, k: number): tf.Tensor {
  const [B, H, W, C] = x.shape;
  const [ho, wo] = [Math.floor(H / k), Math.floor(W / k)];
  const cropped = H === ho * k && W === wo * k ? x : tf.slice(x, [0, 0, 0, 0], [B, ho * k, wo * k, C]);
  return tf.transpose(tf.reshape(cropped, [B, ho, k, wo, k, C]), [0, 1, 3, 5, 2, 4]).reshape([B, ho, wo, C, k * k]);
}

function argmaxMask(x: tf.Tensor, k: number): tf.Tensor {
  return firstMaxima(windows(x, k), k * k);
}

/**
 * One-hot of each row's first maximum along the last axis, as float32. Made as int32 and cast:
 * tfjs's wasm OneHot asked for float32 writes the integer 1's bits (1.4e-45), which routed every
 * max pool's change to nothing on wasm (engines/oraclesWasm.test.ts caught it).
 */
function firstMaxima(windowed: tf.Tensor, cells: number): tf.Tensor {
  return tf.tidy(() => tf.cast(tf.oneHot(tf.argMax(windowed, -1), cells), 'float32'));
}

/**
 * [B, ho, wo, C, k·k]: each window of the padded x, its cells in row-major order (tap (i, j) is
 * the strided slice starting at row i, column j). The tiling pool takes the cheaper `windows`.
 */
function poolWindows(x: tf.Tensor, p: PoolGeometry, fill: number): tf.Tensor {
  if (isTiling(p)) return windows(x, p.k);
  const [B, H, W, C] = x.shape;
  const [ho, wo] = pooledHW(p, H, W);
  const s = p.stride;
  // padded further at the end so that every tap's ho·s rows exist (tfjs's StridedSlice has no gradient)
  const [t, b, l, r] = p.pads;
  const [hp, wp] = [H + t + b, W + l + r];
  const [eh, ew] = [Math.max(0, p.k - 1 + ho * s - hp), Math.max(0, p.k - 1 + wo * s - wp)];
  const xp = padHW(x, [t, b + eh, l, r + ew], fill);
  const taps: tf.Tensor[] = [];
  for (let i = 0; i < p.k; i++)
    for (let j = 0; j < p.k; j++) {
      const block = tf.reshape(tf.slice(xp, [0, i, j, 0], [B, ho * s, wo * s, C]), [B, ho, s, wo, s, C]);
      taps.push(tf.reshape(tf.slice(block, [0, 0, 0, 0, 0, 0], [B, ho, 1, wo, 1, C]), [B, ho, wo, C]));
    }
  return tf.stack(taps, -1);
}

/** One-hot of each window's first maximum (padding is −∞, never one). */
function poolMask(x: tf.Tensor, p: PoolGeometry): tf.Tensor {
  return firstMaxima(poolWindows(x, p, -Infinity), p.k * p.k);
}

/** The dagger of poolWindows: each window cell's value added back at its place in x (overlaps add). */
function unwindow(v: tf.Tensor, xShape: readonly number[], p: PoolGeometry): tf.Tensor {
  const [B, H, W, C] = xShape;
  const [, ho, wo] = v.shape;
  const s = p.stride;
  const [t, , l] = p.pads;
  const [hp, wp] = [H + p.pads[0] + p.pads[1], W + p.pads[2] + p.pads[3]];
  const cells = tf.unstack(v, -1);
  let sum: tf.Tensor | undefined;
  for (let i = 0; i < p.k; i++)
    for (let j = 0; j < p.k; j++) {
      // values at rows i, i+s, …: spread by zeros between them, shifted to row i
      const spread = tf
        .pad(tf.reshape(cells[i * p.k + j], [B, ho, 1, wo, 1, C]), [
          [0, 0],
          [0, 0],
          [0, s - 1],
          [0, 0],
          [0, s - 1],
          [0, 0],
        ])
        .reshape([B, ho * s, wo * s, C]);
      const rows = Math.min(ho * s, hp - i);
      const cols = Math.min(wo * s, wp - j);
      const placed = tf.pad(tf.slice(spread, [0, 0, 0, 0], [B, rows, cols, C]), [
        [0, 0],
        [i, hp - i - rows],
        [j, wp - j - cols],
        [0, 0],
      ]);
      sum = sum ? tf.add(sum, placed) : placed;
    }
  return tf.slice(sum as tf.Tensor, [0, t, l, 0], [B, H, W, C]);
}

/** The maximum of each window. */
export const maxPoolTf = (x: tf.Tensor, p: PoolGeometry): tf.Tensor => tf.max(poolWindows(x, p, -Infinity), -1);

/** d routed to each window's first maximum in x (overlapping windows add). */
export function maxPoolBackTf(x: tf.Tensor, d: tf.Tensor, p: PoolGeometry): tf.Tensor {
  if (!isTiling(p)) return unwindow(tf.mul(poolMask(x, p), tf.expandDims(d, -1)), x.shape, p);
  const { k } = p;
  const [B, H, W, C] = x.shape;
  const [ho, wo] = [Math.floor(H / k), Math.floor(W / k)];
  const routed = tf.mul(argmaxMask(x, k), tf.expandDims(d, -1)).reshape([B, ho, wo, C, k, k]);
  const back = tf.transpose(routed, [0, 1, 4, 2, 5, 3]).reshape([B, ho * k, wo * k, C]);
  return H === ho * k && W === wo * k ? back : padHW(back, [0, H - ho * k, 0, W - wo * k]);
}

/** e read at each window's first maximum in x. */
export const maxPoolSelectTf = (x: tf.Tensor, e: tf.Tensor, p: PoolGeometry): tf.Tensor =>
  tf.sum(tf.mul(poolMask(x, p), poolWindows(e, p, 0)), -1);

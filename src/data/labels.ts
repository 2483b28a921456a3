/**
 * Reading the class back out of a label row, whatever its encoding: what accuracy, class
 * balance and per-class splits need.
 */
import { type Dataset, labelSize } from './dataset';

/** The class of one label row: argmax of one-hot, sign of ±1, the binary number of bits. */
export function decodeClass(
  labels: ArrayLike<number>,
  offset: number,
  width: number,
  encoding: Dataset['labelEncoding'],
): number {
  if (encoding === 'onehot') {
    let best = 0;
    for (let j = 1; j < width; j++) if (labels[offset + j] > labels[offset + best]) best = j;
    return best;
  }
  if (encoding === 'signed') return labels[offset] > 0 ? 1 : 0;
  if (encoding === 'bits') {
    let value = 0;
    for (let j = 0; j < width; j++) value = value * 2 + (labels[offset + j] > 0.5 ? 1 : 0);
    return value;
  }
  throw new Error('a regression target has no class');
}

/** The class index of every row. */
export function classIndices(ds: Dataset): Int32Array {
  const width = labelSize(ds);
  const out = new Int32Array(ds.n);
  for (let row = 0; row < ds.n; row++) out[row] = decodeClass(ds.labels, row * width, width, ds.labelEncoding);
  return out;
}

/** Rows per class, indexed by class. */
export function classCounts(ds: Dataset): number[] {
  const counts = new Array<number>(ds.classes?.length ?? 0).fill(0);
  for (const c of classIndices(ds)) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}

/** Writes `value` as `width` bits, most significant first, at row `row`. */
export function writeBits(labels: Float32Array, row: number, value: number, width: number): void {
  for (let j = 0; j < width; j++) labels[row * width + j] = (value >> (width - 1 - j)) & 1;
}

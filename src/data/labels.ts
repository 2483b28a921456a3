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

/**
 * A set whose label row is a class per position, [T, V] one-hot (the sequence sets,
 * docs/datasets.md, *Sequences*): a row has T classes, not one.
 */
export const isPerPosition = (ds: Dataset): boolean => ds.labelShape.length === 2 && ds.labelEncoding === 'onehot';

/** Where a position's label row is all zero (not trained), `positionClasses` says this. */
export const NO_CLASS = -1;

/** The class index of every row; a sequence set's rows have one per position (`positionClasses`). */
export function classIndices(ds: Dataset): Int32Array {
  if (isPerPosition(ds))
    throw new Error(
      `${ds.name}: a row's label is a class for each of its ${ds.labelShape[0]} positions, not one class; read them per position`,
    );
  const width = labelSize(ds);
  const out = new Int32Array(ds.n);
  for (let row = 0; row < ds.n; row++) out[row] = decodeClass(ds.labels, row * width, width, ds.labelEncoding);
  return out;
}

/**
 * The class of every position of every row of a set labelled [T, V] one-hot, row by row
 * (n × T), NO_CLASS where the position is not trained (its label row is zero).
 */
export function positionClasses(ds: Dataset): Int32Array {
  if (!isPerPosition(ds))
    throw new Error(`${ds.name}: its labels are of shape [${ds.labelShape}], not a one-hot class per position`);
  const [T, V] = ds.labelShape;
  const out = new Int32Array(ds.n * T).fill(NO_CLASS);
  for (let p = 0; p < ds.n * T; p++) {
    const at = p * V;
    let best = NO_CLASS;
    for (let j = 0; j < V; j++)
      if (ds.labels[at + j] > 0 && (best < 0 || ds.labels[at + j] > ds.labels[at + best])) best = j;
    out[p] = best;
  }
  return out;
}

/** Rows per class, indexed by class; for a sequence set, trained positions per class. */
export function classCounts(ds: Dataset): number[] {
  const counts = new Array<number>(ds.classes?.length ?? 0).fill(0);
  for (const c of isPerPosition(ds) ? positionClasses(ds) : classIndices(ds))
    if (c !== NO_CLASS) counts[c] = (counts[c] ?? 0) + 1;
  return counts;
}

/** Writes `value` as `width` bits, most significant first, at row `row`. */
export function writeBits(labels: Float32Array, row: number, value: number, width: number): void {
  for (let j = 0; j < width; j++) labels[row * width + j] = (value >> (width - 1 - j)) & 1;
}

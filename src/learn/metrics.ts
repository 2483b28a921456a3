/**
 * Metrics read off a run's plain outputs: mean loss per example, accuracy and the confusion
 * matrix (true class × predicted class), so per-class counts are its rows. Labels are decoded
 * by the dataset's encoding; predictions the same way, except that logits (cross-entropy
 * losses) and ±1 targets are cut at 0 rather than ½. Regression has no classes: accuracy null.
 * A sequence set's label is one one-hot row per position ([T, V]): accuracy and the confusion
 * count positions, argmax over V each, and only those whose label row is not all zero (the
 * prompt positions are not trained; docs/datasets.md).
 */
import { type Dataset, type LabelEncoding, labelSize } from '../data/dataset';
import { decodeClass } from '../data/labels';

export interface Metrics {
  readonly loss: number;
  readonly accuracy: number | null;
  readonly n: number;
  /** confusion[true][predicted], or null for regression. */
  readonly confusion: number[][] | null;
}

export interface LabelReading {
  readonly encoding: LabelEncoding;
  /** The numbers of one class reading: a label row's, or one position's for a sequence. */
  readonly width: number;
  /** Class readings per label: T for a sequence set's [T, V] one-hot labels, else 1. */
  readonly positions: number;
  readonly classes: number;
  readonly logits: boolean;
}

export function labelReading(ds: Dataset, logits: boolean): LabelReading {
  const positions = ds.labelEncoding === 'onehot' && ds.labelShape.length === 2 ? ds.labelShape[0] : 1;
  const width = labelSize(ds) / positions;
  const byEncoding = ds.labelEncoding === 'onehot' ? width : ds.labelEncoding === 'bits' ? 2 ** width : 2;
  const classes = ds.labelEncoding === 'real' ? 0 : (ds.classes?.length ?? byEncoding);
  return { encoding: ds.labelEncoding, width, positions, classes, logits };
}

function predictedClass(p: ArrayLike<number>, offset: number, r: LabelReading): number {
  if (r.encoding !== 'bits' || !r.logits) return decodeClass(p, offset, r.width, r.encoding);
  let value = 0;
  for (let j = 0; j < r.width; j++) value = value * 2 + (p[offset + j] > 0 ? 1 : 0);
  return value;
}

function allZero(a: ArrayLike<number>, offset: number, width: number): boolean {
  for (let j = 0; j < width; j++) if (a[offset + j] !== 0) return false;
  return true;
}

/** Sums over many runs: add each run's outputs, read the metrics when wanted. Adding allocates nothing. */
export class Tally {
  private lossSum = 0;
  private correct = 0;
  private count = 0;
  /** Class readings counted for accuracy: rows, or a sequence's labelled positions. */
  private countedReadings = 0;
  private readonly confusion: number[][] | null;
  /** The last added run's mean loss per example and accuracy (null for regression). */
  lastLoss = Number.NaN;
  lastAccuracy: number | null = null;

  constructor(private readonly r: LabelReading) {
    this.confusion =
      r.classes > 0 && r.classes <= 1024
        ? Array.from({ length: r.classes }, () => new Array<number>(r.classes).fill(0))
        : null;
  }

  /**
   * `loss` holds n rows (one number each, or one per bit over ℤ₂: the number of wrong bits).
   * Returns the tally itself: its `lastLoss` and `lastAccuracy` are this run's.
   */
  add(loss: ArrayLike<number>, predictions: ArrayLike<number>, labels: ArrayLike<number>, n: number): this {
    let l = 0;
    for (let i = 0; i < loss.length; i++) l += loss[i];
    let right = 0;
    let counted = 0;
    const { r, confusion } = this;
    if (r.classes > 0) {
      for (let at = 0; at < n * r.positions; at++) {
        const offset = at * r.width;
        if (r.positions > 1 && allZero(labels, offset, r.width)) continue;
        counted++;
        const truth = decodeClass(labels, offset, r.width, r.encoding);
        const guess = predictedClass(predictions, offset, r);
        if (truth === guess) right++;
        if (confusion !== null && truth < confusion.length && guess < confusion.length) confusion[truth][guess]++;
      }
    }
    this.lossSum += l;
    this.correct += right;
    this.count += n;
    this.countedReadings += counted;
    this.lastLoss = l / n;
    this.lastAccuracy = r.classes > 0 && counted > 0 ? right / counted : null;
    return this;
  }
  read(): Metrics {
    const n = this.count;
    return {
      loss: n ? this.lossSum / n : Number.NaN,
      accuracy: this.r.classes > 0 && this.countedReadings ? this.correct / this.countedReadings : null,
      n,
      confusion: this.confusion?.map((row) => [...row]) ?? null,
    };
  }
}

/**
 * The one shape every dataset takes: rows of features and labels in flat float32 arrays, so a
 * batch is a slice a tensor can wrap without conversion, and a dataset can cross to a Web Worker
 * by structured clone.
 */
import { shapeSize } from '../core/shape';
import type { Preparation } from './preparation';
import { mixSeeds, permutation } from './random';

export type Task = 'classification' | 'regression' | 'boolean';

/**
 * How a label row encodes its target, so that accuracy can be read off it:
 * - `onehot`: one 1 among `classes.length` entries;
 * - `signed`: one entry, −1 for class 0 and +1 for class 1 (TF Playground's convention);
 * - `bits`: entries in {0, 1}; with classes, the class index written in binary, first bit most
 *   significant (a single bit is the class index of a two-class set);
 * - `real`: a regression target.
 */
export type LabelEncoding = 'onehot' | 'signed' | 'bits' | 'real';

export interface Dataset {
  readonly name: string;
  readonly description: string;
  /** `boolean`: features and labels are in {0, 1}, for circuits over ℤ₂. */
  readonly task: Task;
  readonly featureShape: readonly number[];
  /** A name per feature column when the features are a flat list of named columns. */
  readonly featureNames?: readonly string[];
  readonly labelShape: readonly number[];
  readonly labelEncoding: LabelEncoding;
  readonly classes?: readonly string[];
  /**
   * How raw rows became these features, when it is more than taking them as they are (MNIST's
   * /255, standardised CSV columns, ℤ₂ thresholds); `preparationOf` gives every dataset's.
   */
  readonly preparation?: Preparation;
  /**
   * The last `heldOut` rows are the set's own test rows, fixed by the data (the text's windows
   * from its last tenth): a split asking for any test rows takes exactly these, in order.
   */
  readonly heldOut?: number;
  /**
   * The raw rows, n × the preparation's columns (float64, as read), kept only where the
   * preparation has no inverse (iris-z2's thresholds): what a data export writes (dataCsv.ts).
   */
  readonly rawFeatures?: Float64Array;
  /** n × featureSize, row-major. */
  readonly features: Float32Array;
  /** n × labelSize, row-major. */
  readonly labels: Float32Array;
  readonly n: number;
}

export const featureSize = (ds: Dataset): number => shapeSize(ds.featureShape);
export const labelSize = (ds: Dataset): number => shapeSize(ds.labelShape);

/** Builds a dataset and checks that its arrays hold exactly n rows of the declared shapes. */
export function makeDataset(fields: Omit<Dataset, 'n'> & { n?: number }): Dataset {
  const width = shapeSize(fields.featureShape);
  const n = fields.n ?? (width === 0 ? 0 : fields.features.length / width);
  if (!Number.isInteger(n) || fields.features.length !== n * width) {
    throw new Error(`${fields.name}: ${fields.features.length} feature values are not ${n} rows of ${width}`);
  }
  if (fields.labels.length !== n * shapeSize(fields.labelShape)) {
    throw new Error(
      `${fields.name}: ${fields.labels.length} label values are not ${n} rows of shape [${fields.labelShape}]`,
    );
  }
  return { ...fields, n };
}

/** Writes the one-hot row of `classIndex` into `labels` at row `row`. */
export function writeOneHot(labels: Float32Array, row: number, classIndex: number, classCount: number): void {
  labels.fill(0, row * classCount, (row + 1) * classCount);
  labels[row * classCount + classIndex] = 1;
}

/** The rows at `indices`, in that order, as a new dataset with copied arrays. */
export function subset(ds: Dataset, indices: ArrayLike<number>, name = ds.name): Dataset {
  const fw = featureSize(ds);
  const lw = labelSize(ds);
  const features = new Float32Array(indices.length * fw);
  const labels = new Float32Array(indices.length * lw);
  for (let r = 0; r < indices.length; r++) {
    const i = indices[r];
    features.set(ds.features.subarray(i * fw, (i + 1) * fw), r * fw);
    labels.set(ds.labels.subarray(i * lw, (i + 1) * lw), r * lw);
  }
  const { heldOut: _, ...rest } = ds;
  const rows = { ...rest, name, features, labels, n: indices.length };
  return ds.rawFeatures ? { ...rows, rawFeatures: subsetRaw(ds.rawFeatures, ds.n, indices) } : rows;
}

function subsetRaw(raw: Float64Array, n: number, indices: ArrayLike<number>): Float64Array {
  const w = n === 0 ? 0 : raw.length / n;
  const out = new Float64Array(indices.length * w);
  for (let r = 0; r < indices.length; r++) out.set(raw.subarray(indices[r] * w, (indices[r] + 1) * w), r * w);
  return out;
}

/**
 * Train/test split: the first round(trainFraction · n) rows of the seeded permutation train,
 * the rest test. Without a seed the rows keep their order (for splits fixed by a paper). A set
 * with its own test rows (`heldOut`) keeps them whenever a test set is asked for (a fraction
 * below 1): shuffling windows of one text would put the same characters on both sides.
 */
export function splitDataset(ds: Dataset, trainFraction: number, seed?: number): { train: Dataset; test: Dataset } {
  if (!(trainFraction >= 0 && trainFraction <= 1)) throw new Error(`train fraction ${trainFraction} is not in [0, 1]`);
  const own = ds.heldOut !== undefined && trainFraction < 1;
  const order = seed === undefined || own ? Uint32Array.from({ length: ds.n }, (_, i) => i) : permutation(ds.n, seed);
  const cut = own ? ds.n - (ds.heldOut as number) : Math.round(trainFraction * ds.n);
  return {
    train: subset(ds, order.subarray(0, cut), `${ds.name} (train)`),
    test: subset(ds, order.subarray(cut), `${ds.name} (test)`),
  };
}

export interface Batch {
  readonly features: Float32Array;
  readonly labels: Float32Array;
  readonly n: number;
}

/**
 * The batches of one epoch, in an order fixed by (seed, epoch): each epoch reshuffles, and the
 * same seed replays the same run. The last batch may be short. Batches are fresh copies, so a
 * consumer may keep or transfer them.
 */
export function* batches(ds: Dataset, size: number, seed: number, epoch: number): Generator<Batch> {
  checkBatchSize(size);
  const order = permutation(ds.n, mixSeeds(seed, epoch));
  for (let start = 0; start < ds.n; start += size) {
    const rows = subset(ds, order.subarray(start, Math.min(start + size, ds.n)));
    yield { features: rows.features, labels: rows.labels, n: rows.n };
  }
}

/** Batch `index` of `batches(ds, size, seed, epoch)` alone: the rows a step of that epoch took. */
export function batchAt(ds: Dataset, size: number, seed: number, epoch: number, index: number): Batch {
  checkBatchSize(size);
  const start = index * size;
  if (!(Number.isInteger(index) && index >= 0 && start < ds.n))
    throw new Error(`batch ${index} is not one of the ${Math.ceil(ds.n / size)} batches of an epoch`);
  const order = permutation(ds.n, mixSeeds(seed, epoch));
  const rows = subset(ds, order.subarray(start, Math.min(start + size, ds.n)));
  return { features: rows.features, labels: rows.labels, n: rows.n };
}

function checkBatchSize(size: number): void {
  if (!(Number.isInteger(size) && size > 0)) throw new Error(`batch size ${size} is not a positive integer`);
}

/**
 * The same batches as `batches(ds, size, seed, epoch)` — the same rows in the same order — but
 * as views (subarrays) of ONE shuffled copy of the dataset that every epoch rewrites in place:
 * no copy and no allocation per batch, the views are made once. A batch is valid until the
 * next call of `epoch`; copy it to keep it longer.
 */
export class BatchViews {
  private readonly features: Float32Array;
  private readonly labels: Float32Array;
  private readonly views: readonly Batch[];

  constructor(
    private readonly ds: Dataset,
    readonly size: number,
  ) {
    checkBatchSize(size);
    const [fw, lw] = [featureSize(ds), labelSize(ds)];
    this.features = new Float32Array(ds.n * fw);
    this.labels = new Float32Array(ds.n * lw);
    const views: Batch[] = [];
    for (let start = 0; start < ds.n; start += size) {
      const end = Math.min(start + size, ds.n);
      views.push({
        features: this.features.subarray(start * fw, end * fw),
        labels: this.labels.subarray(start * lw, end * lw),
        n: end - start,
      });
    }
    this.views = views;
  }

  /** Shuffles the rows for (seed, epoch) into the one copy and returns its batches in order. */
  epoch(seed: number, epoch: number): readonly Batch[] {
    const { ds } = this;
    const [fw, lw] = [featureSize(ds), labelSize(ds)];
    const order = permutation(ds.n, mixSeeds(seed, epoch));
    const [fromF, toF, fromL, toL] = [ds.features, this.features, ds.labels, this.labels];
    for (let r = 0; r < order.length; r++) {
      const i = order[r];
      for (let c = 0; c < fw; c++) toF[r * fw + c] = fromF[i * fw + c];
      for (let c = 0; c < lw; c++) toL[r * lw + c] = fromL[i * lw + c];
    }
    return this.views;
  }
}

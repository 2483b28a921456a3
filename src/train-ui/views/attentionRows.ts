/**
 * The rows the hover card of a box runs the model on (docs/attention.md): the batch the run
 * trains on now — the one its latest step took, cut from the training rows with the run's seed
 * exactly as the trainer cuts its epochs (data/dataset.ts `batchAt`) — or the window of text
 * last generated. Each says what it is, so that the card can say which one it shows.
 */
import { batchAt, type Dataset, featureSize } from '../../data/dataset';

export interface AttentionRows {
  /** `n` rows of `width` values, one after the other. */
  readonly features: Float32Array;
  readonly n: number;
  readonly width: number;
  /** What the rows are, as the card's title says it. */
  readonly what: string;
  /** The positions that hold real tokens (a generated window shorter than the context is padded after them). */
  readonly length?: number;
}

/** Where the run is: the steps taken (counting earlier runs'), the epoch of the last, its batch size and seed. */
export interface RunAt {
  readonly step: number;
  readonly epoch: number;
  readonly batchSize: number;
  readonly seed: number;
}

/**
 * The batch step `at.step` took (the batch the first step takes before any), or the first
 * `batchSize` rows when the step falls outside its epoch's batches (the run trained other rows).
 */
export function stepBatch(train: Dataset, at: RunAt): AttentionRows {
  const width = featureSize(train);
  const perEpoch = Math.ceil(train.n / at.batchSize);
  const epoch = at.step === 0 ? 0 : at.epoch;
  const index = at.step === 0 ? 0 : at.step - 1 - at.epoch * perEpoch;
  if (train.n === 0 || index < 0 || index >= perEpoch) {
    const n = Math.min(at.batchSize, train.n);
    return { features: train.features.subarray(0, n * width), n, width, what: `the first ${n} training rows` };
  }
  const batch = batchAt(train, at.batchSize, at.seed, epoch, index);
  const step = at.step === 0 ? 'the batch the first step trains on' : `the batch step ${at.step} trained on`;
  const where = `batch ${index + 1} of ${perEpoch} in epoch ${epoch + 1}`;
  return { features: batch.features, n: batch.n, width, what: `${step} (${where})` };
}

/** The last `context` tokens of a generated text as one row, padded after its end when shorter. */
export function generatedRows(ids: readonly number[], context: number): AttentionRows {
  const last = ids.slice(-context);
  const features = new Float32Array(context);
  features.set(last);
  return { features, n: 1, width: context, what: 'the text last generated', length: last.length };
}

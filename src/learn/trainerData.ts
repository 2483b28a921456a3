/**
 * What the trainer checks of a dataset against its learner, and evaluation of a whole dataset
 * in chunks (forward Program only, no step).
 */
import { sameShape } from '../core/shape';
import { type Dataset, featureSize, labelSize } from '../data/dataset';
import type { Learner } from './learner';
import { type LabelReading, type Metrics, Tally } from './metrics';
import type { StepRunner } from './runners/types';

export function checkData(learner: Learner, ds: Dataset): void {
  const { layout, model } = learner;
  // the data input follows the parameters on the model's boundary, learnt (a dream) or not
  const nData = model.diagram.inputs.length - model.params.length;
  if (nData !== 1) throw new Error(`the trainer feeds one data input; this model has ${nData}`);
  const x = model.diagram.wires[model.diagram.inputs[model.params.length]];
  if (!sameShape(x.shape, ds.featureShape)) {
    throw new Error(
      `the model's input is [${x.shape.join(',')}] but ${ds.name} has features [${ds.featureShape.join(',')}]`,
    );
  }
  if (!sameShape(layout.prediction.shape, ds.labelShape)) {
    throw new Error(
      `the model's output is [${layout.prediction.shape.join(',')}] but ${ds.name} has labels [${ds.labelShape.join(',')}]`,
    );
  }
  if (ds.n === 0) throw new Error(`${ds.name} has no rows`);
}

/** Rows measured at once for a model of ordinary size. */
const CHUNK = 1024;
/**
 * Weights × rows one chunk of a measuring may hold the thread for: about 0.1–1 s on the typed
 * engine here. 1,024 rows of a 25 M-weight model would hold it for tens of seconds, minutes on a
 * loaded laptop, with no turn to tell the page it is alive (docs/training-panel.md, "A worker
 * that dies").
 */
export const CHUNK_WORK = 2 ** 28;

/** Rows measured at once by a model of `weights` weights: 1,024, fewer (at least 1) for a big model. */
export function chunkRows(weights: number): number {
  return Math.max(1, Math.min(CHUNK, Math.floor(CHUNK_WORK / Math.max(1, weights))));
}

export interface Measuring {
  /** Rows per chunk (`chunkRows`). */
  readonly rows?: number;
  /** Called between two chunks: where a long measuring says it is still alive. */
  readonly between?: () => void;
}

export function evaluateRows(
  runner: StepRunner,
  ds: Dataset,
  reading: LabelReading,
  measuring: Measuring = {},
): Metrics {
  const tally = new Tally(reading);
  const [fw, lw] = [featureSize(ds), labelSize(ds)];
  const chunk = measuring.rows ?? CHUNK;
  for (let start = 0; start < ds.n; start += chunk) {
    if (start > 0) measuring.between?.();
    const n = Math.min(chunk, ds.n - start);
    const rows =
      n === ds.n
        ? ds
        : {
            features: ds.features.subarray(start * fw, (start + n) * fw),
            labels: ds.labels.subarray(start * lw, (start + n) * lw),
            n,
          };
    const out = runner.evaluate(rows);
    tally.add(out.loss, out.predictions, rows.labels, n);
  }
  return tally.read();
}

/**
 * `say`, at most once every `everyMs` of `now`'s time (counted from the call that makes it): a
 * worker's "still busy" between the chunks of a long measuring, which a synchronous loop can
 * post (a message leaves the worker at once) though it cannot take one in.
 */
export function atMostEvery(everyMs: number, now: () => number, say: () => void): () => void {
  let said = now();
  return () => {
    const t = now();
    if (t - said < everyMs) return;
    said = t;
    say();
  };
}

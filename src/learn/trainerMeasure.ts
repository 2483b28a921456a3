/**
 * The trainer's measuring of a whole set (the train and test sets at each epoch's end and the
 * run's end): its metrics from the forward Program in chunks (./trainerData), and for a big
 * model, word that the worker is busy before it begins and again while it lasts, so the page's
 * heartbeat allows the silence (docs/training-panel.md, "A worker that dies").
 */
import type { Dataset } from '../data/dataset';
import { stepSize } from './enginePick';
import type { Learner } from './learner';
import { labelReading, type Metrics } from './metrics';
import type { StepRunner } from './runners/types';
import { atMostEvery, chunkRows, evaluateRows } from './trainerData';

/** Weights × rows from which measuring a set may take a while (MNIST's 10,000 rows: 10⁹). */
const BUSY_SIZE = 10_000_000;
/**
 * How often a long measuring says again that it is busy: well inside the heartbeat's grace for
 * declared work (trainerPulse.ts), however long the whole set takes on a loaded machine.
 */
export const BUSY_AGAIN_MS = 2000;

/**
 * The metrics of `ds` on `runner`'s current values, every row once; `busy` is said before a set
 * of BUSY_SIZE weights × rows or more, and at most every BUSY_AGAIN_MS while it is measured.
 */
export function measureSet(runner: StepRunner, learner: Learner, ds: Dataset, busy: () => void): Metrics {
  const long = stepSize(learner, ds.n) >= BUSY_SIZE;
  if (long) busy();
  return evaluateRows(runner, ds, labelReading(ds, learner.loss.logits), {
    rows: chunkRows(stepSize(learner, 1)),
    between: long ? atMostEvery(BUSY_AGAIN_MS, () => performance.now(), busy) : undefined,
  });
}

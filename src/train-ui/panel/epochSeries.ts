/**
 * The per-epoch chart's columns, at most `points` of them: a small set ends hundreds of epochs a
 * second (XOR on typed arrays, ~900), and a chart of tens of thousands of points per series was
 * redrawn five times a second on a software-rasterised canvas. Evenly spread epochs are kept,
 * always with the last (the one the numbers show); the line's shape at a chart's width is the same.
 */
import type { EpochMetrics } from '../../learn/trainerTypes';

export type EpochColumns = [number[], number[], (number | null)[], (number | null)[], (number | null)[]];

export function epochColumns(epochs: readonly EpochMetrics[], points: number): EpochColumns {
  const n = epochs.length;
  const every = Math.max(1, Math.ceil(n / points));
  const cols: EpochColumns = [[], [], [], [], []];
  // Counted back from the last, so the last epoch is always drawn.
  for (let i = (n - 1) % every; i < n; i += every) {
    const e = epochs[i];
    cols[0].push(e.epoch + 1);
    cols[1].push(e.train?.loss ?? e.running.loss);
    cols[2].push(e.test?.loss ?? null);
    cols[3].push(e.train?.accuracy ?? e.running.accuracy);
    cols[4].push(e.test?.accuracy ?? null);
  }
  return cols;
}

/**
 * What the per-epoch chart has to draw besides the training set's loss: a test set's figures,
 * an accuracy (a classifier's). A regression has no accuracy, and an axis of 0 to 1 beside its
 * loss would stand for nothing; XOR has no test set, and its legend no test lines.
 */
export function epochParts(epochs: readonly EpochMetrics[]): { readonly test: boolean; readonly accuracy: boolean } {
  const last = epochs.at(-1);
  if (!last) return { test: false, accuracy: false };
  return {
    test: last.test !== null,
    accuracy: (last.train?.accuracy ?? last.running.accuracy) !== null || (last.test?.accuracy ?? null) !== null,
  };
}

/** The charts' tick labels (TrainCharts.tsx, present/PresentTraining.tsx). */
/**
 * A tick's label that says what it is on a log scale too: 1e-4, never the "0" a fixed number of
 * decimals would round it to; three significant digits otherwise.
 */
export function tickLabel(v: number): string {
  const a = Math.abs(v);
  if (a === 0) return '0';
  return a < 1e-3 || a >= 1e5 ? v.toExponential(0) : String(Number(v.toPrecision(3)));
}

/**
 * uPlot's `values` for an axis, in `tickLabel`'s words. A log axis's filter has blanked the
 * splits it leaves unlabelled (null): they stay blank.
 */
export const tickLabels = (_u: unknown, splits: (number | null)[]): (string | null)[] =>
  splits.map((v) => (v === null ? null : tickLabel(v)));

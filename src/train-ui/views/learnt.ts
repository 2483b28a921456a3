/**
 * What a model has learnt, as numbers a view draws: its predictions over a grid of the plane
 * (the decision boundary of a 2-D dataset, as TF Playground draws it), and the confusion matrix
 * of a classifier. Pure: predictions come in as flat rows.
 */

/** The half-width of a square around 0 that holds every point, with a margin (as the data preview). */
export function extent(xy: ArrayLike<number>): number {
  let m = 1e-6;
  for (let i = 0; i < xy.length; i++) m = Math.max(m, Math.abs(xy[i]));
  return m * 1.05;
}

/** The centres of a size×size grid over [−m, m]², row by row from the top (y = +m) down. */
export function planeGrid(size: number, m: number): Float32Array {
  const g = new Float32Array(size * size * 2);
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++) {
      const i = 2 * (r * size + c);
      g[i] = -m + ((c + 0.5) / size) * 2 * m;
      g[i + 1] = m - ((r + 0.5) / size) * 2 * m;
    }
  return g;
}

/** The class a row's prediction gives: the largest entry; for one column, its side of the threshold. */
export function classOf(row: ArrayLike<number>, logits: boolean): number {
  if (row.length === 1) return row[0] > (logits ? 0 : 0.5) ? 1 : 0;
  let best = 0;
  for (let i = 1; i < row.length; i++) if (row[i] > row[best]) best = i;
  return best;
}

/**
 * How much a row's prediction says "the second class" (two classes) in [0, 1]: the softmax
 * (or sigmoid, for logits) probability, or the output itself clamped when the model outputs
 * probabilities.
 */
export function positiveShare(row: ArrayLike<number>, logits: boolean): number {
  if (row.length === 1) return logits ? 1 / (1 + Math.exp(-row[0])) : Math.min(1, Math.max(0, row[0]));
  if (logits) {
    const d = row[1] - row[0];
    return 1 / (1 + Math.exp(-d));
  }
  const s = row[0] + row[1];
  return s > 0 ? Math.min(1, Math.max(0, row[1] / s)) : 0.5;
}

/** counts[t][p]: rows of true class t predicted as p. Labels are one-hot rows (or 0/1 in one column). */
export function confusion(
  predictions: readonly ArrayLike<number>[],
  labels: ArrayLike<number>,
  classes: number,
  logits: boolean,
): number[][] {
  const counts = Array.from({ length: classes }, () => new Array<number>(classes).fill(0));
  const width = labels.length / predictions.length;
  predictions.forEach((p, i) => {
    const truth = classOf(Array.prototype.slice.call(labels, i * width, (i + 1) * width), false);
    counts[truth][classOf(p, logits)]++;
  });
  return counts;
}

/** The weights a view draws, as its caption names them: "the weights after step 1,200". */
export const weightsAfter = (step: number): string => `the weights after step ${step.toLocaleString('en')}`;

/**
 * The confusion matrix's caption: which rows, how many right, and of which weights, so that it
 * is never read as the same measure as the panel's test figure of an earlier epoch's weights
 * (docs/training-panel.md, "Which weights a figure describes").
 */
export function confusionWords(rows: number, set: 'test' | 'training', right: number, step: number | null): string {
  const of = step === null ? '' : `, ${weightsAfter(step)}`;
  return `Confusion on ${rows} ${set} rows: ${right} right (${((100 * right) / rows).toFixed(1)}%)${of}`;
}

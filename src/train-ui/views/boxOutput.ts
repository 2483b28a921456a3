/**
 * What the hover card of a box shows (BoxOutputTip.tsx): the box's output on a fixed batch of
 * the training rows — the first `batchSize` of them, so that the same numbers can be watched
 * changing as the weights learn — summarised, and cut to a grid small enough to draw.
 */
import type { PlainArray } from '../../model/modelRuntime';

export interface BoxOutput {
  readonly box: string;
  readonly shape: readonly number[];
  readonly rows: number;
  readonly min: number;
  readonly mean: number;
  readonly max: number;
  /** rows × columns of cells, each the mean of the values it covers, row after row. */
  readonly grid: Float32Array;
  readonly gridRows: number;
  readonly gridColumns: number;
  /** The step whose weights made it. */
  readonly step: number;
}

export const MAX_GRID_ROWS = 16;
export const MAX_GRID_COLUMNS = 48;

/** The first `batch` rows of flat features (`width` values a row), or all of them if fewer. */
export function firstBatch(features: Float32Array, width: number, batch: number): Float32Array {
  const n = Math.min(batch, Math.floor(features.length / width));
  return features.subarray(0, n * width);
}

export function summarise(box: string, out: PlainArray, step: number): BoxOutput {
  const { data, shape } = out;
  const rows = shape.length > 0 ? shape[0] : 1;
  const width = rows > 0 ? data.length / rows : 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (const v of data) {
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  const gridRows = Math.min(rows, MAX_GRID_ROWS);
  const gridColumns = Math.min(width, MAX_GRID_COLUMNS);
  const grid = new Float32Array(gridRows * gridColumns);
  for (let r = 0; r < gridRows; r++) {
    for (let c = 0; c < gridColumns; c++) {
      const from = Math.floor((c * width) / gridColumns);
      const to = Math.max(from + 1, Math.floor(((c + 1) * width) / gridColumns));
      let s = 0;
      for (let k = from; k < to; k++) s += data[r * width + k];
      grid[r * gridColumns + c] = s / (to - from);
    }
  }
  return {
    box,
    shape,
    rows,
    min: data.length ? min : 0,
    mean: data.length ? sum / data.length : 0,
    max: data.length ? max : 0,
    grid,
    gridRows,
    gridColumns,
    step,
  };
}

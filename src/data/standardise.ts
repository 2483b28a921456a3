/**
 * Standardisation of features to mean 0 and standard deviation 1, per feature column. The
 * statistics are returned so that new data (a test set, a point under the mouse) is mapped the
 * same way as the data they were fitted on.
 */
import { type Dataset, featureSize } from './dataset';

export interface Standardiser {
  readonly mean: Float32Array;
  /** Population standard deviation; 1 for a constant column, which would otherwise divide by 0. */
  readonly std: Float32Array;
}

/** Fits per-column statistics to n rows of `width` values (accumulated in float64). */
export function fitStandardiser(values: Float32Array, width: number): Standardiser {
  const n = width === 0 ? 0 : values.length / width;
  const sum = new Float64Array(width);
  for (let i = 0; i < values.length; i++) sum[i % width] += values[i];
  const mean = sum.map((s) => (n > 0 ? s / n : 0));
  const squares = new Float64Array(width);
  for (let i = 0; i < values.length; i++) {
    const d = values[i] - mean[i % width];
    squares[i % width] += d * d;
  }
  const std = squares.map((s) => {
    const sd = n > 0 ? Math.sqrt(s / n) : 0;
    return sd > 1e-12 ? sd : 1;
  });
  return { mean: Float32Array.from(mean), std: Float32Array.from(std) };
}

/** (x − mean) / std per column, into a new array. */
export function applyStandardiser(values: Float32Array, stats: Standardiser): Float32Array {
  const width = stats.mean.length;
  const out = new Float32Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = (values[i] - stats.mean[i % width]) / stats.std[i % width];
  return out;
}

/** The dataset with standardised features, and the statistics to standardise new rows alike. */
export function standardise(
  ds: Dataset,
  stats = fitStandardiser(ds.features, featureSize(ds)),
): {
  dataset: Dataset;
  stats: Standardiser;
} {
  return { dataset: { ...ds, features: applyStandardiser(ds.features, stats) }, stats };
}

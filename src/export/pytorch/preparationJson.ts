/**
 * preparation.json of a PyTorch package: the same description a data export writes beside its
 * CSV (docs/data-export.md) — the dataset, the trainer's split and the preparation the model
 * file records — so train.py prepares raw rows exactly as Lensboard did.
 */
import { shapeSize } from '../../core/shape';
import { columnsFor, DATA_FORMAT, type DataDescription } from '../../data/dataCsv';
import type { TrainingConfig } from '../../io/modelSchema';

/** The description, or none when the model file records no preparation (its rows come prepared). */
export function packageDescription(t: TrainingConfig): DataDescription | undefined {
  const d = t.dataset;
  if (!d.preparation) return undefined;
  const columns = columnsFor(d.preparation, shapeSize(d.labelShape));
  return {
    format: DATA_FORMAT,
    dataset: { id: d.id, options: { ...d.options } },
    split: { column: columns.split, seed: t.seed, testFraction: t.testFraction },
    label: columns.label,
    preparation: d.preparation,
  };
}

/** The preparation in a sentence, for the README. */
export function describeEncoding(p: DataDescription['preparation']): string {
  const e = p.encoding;
  const n = p.features.length;
  const names =
    n <= 6 ? p.features.map((f) => `\`${f}\``).join(', ') : `\`${p.features[0]}\` … \`${p.features[n - 1]}\``;
  const columns = `${n} raw column${n === 1 ? '' : 's'} (${names})`;
  const step =
    e.kind === 'identity'
      ? 'taken as they are (rounded to float32)'
      : e.kind === 'divide'
        ? `each divided by ${e.by}`
        : e.kind === 'standardise'
          ? 'standardised, (x − mean) / std per column with the statistics of the rows trained on'
          : `made ℤ₂ bits, 1 where the value exceeds each of ${e.thresholds.reduce((k, t) => k + t.length, 0)} thresholds`;
  const classes = p.classes
    ? `; classes ${p.classes.names.slice(0, 10).join(', ')}${p.classes.names.length > 10 ? ', …' : ''} (${p.classes.encoding})`
    : '';
  return `${columns}, ${step}${classes}`;
}

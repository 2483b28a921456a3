/**
 * A dataset as it leaves Lensboard (docs/data-export.md): one CSV of the raw rows, before their
 * preparation, with a `split` column saying which rows the trainer trains on and which it holds
 * out, and beside it a small JSON naming the dataset, the split and the preparation, so that any
 * program (train.py of a PyTorch export, `npm run predict`) turns the rows into exactly the
 * numbers the model was trained on.
 */

import { csvLine, float32Text, float64Text, rawText } from './csvWrite';
import { type Dataset, featureSize, labelSize, splitDataset } from './dataset';
import { decodeClass, NO_CLASS, positionClasses } from './labels';
import { type Preparation, preparationOf, rawWidth } from './preparation';

export const DATA_FORMAT = 'lensboard-data';

/** The rows a trainer cuts a dataset into (splitDataset with the run's seed and test fraction). */
export interface DataSplit {
  readonly train: Dataset;
  readonly test: Dataset | null;
  readonly seed: number;
  readonly testFraction: number;
}

/** `ds` cut as the trainer cuts it (trainer.ts): no test rows when the fraction is 0. */
export function trainerSplit(ds: Dataset, seed: number, testFraction: number): DataSplit {
  if (!(testFraction > 0)) return { train: ds, test: null, seed, testFraction: 0 };
  const { train, test } = splitDataset(ds, 1 - testFraction, seed);
  return { train, test: test.n > 0 ? test : null, seed, testFraction };
}

/** The JSON written beside the CSV. */
export interface DataDescription {
  readonly format: typeof DATA_FORMAT;
  readonly dataset: { readonly id: string; readonly options: Record<string, unknown>; readonly name?: string };
  /**
   * The trainer's split (splitDataset in dataset.ts); `train` and `test` count the rows of each
   * where the rows are at hand (a data export; a PyTorch package's copy has no rows to count).
   */
  readonly split: {
    readonly column: string;
    readonly seed: number;
    readonly testFraction: number;
    readonly train?: number;
    readonly test?: number;
  };
  /**
   * The CSV's label: one column of class names, columns of target values, or — a sequence set,
   * whose row has a class per position — one column per position holding the id of the token
   * that position learns (an index into `preparation.tokens.symbols`, the vocabulary), or
   * `untrained` where the position is not trained (its label row is zero).
   */
  readonly label:
    | { readonly kind: 'class' | 'values'; readonly columns: readonly string[] }
    | { readonly kind: 'tokens'; readonly columns: readonly string[]; readonly untrained: typeof NO_CLASS };
  readonly preparation: Preparation;
}

/** `wanted`, or it with `_2`, `_3`… when a feature already has the name. */
function freeName(wanted: string, taken: ReadonlySet<string>): string {
  let name = wanted;
  for (let k = 2; taken.has(name); k++) name = `${wanted}_${k}`;
  return name;
}

/** The CSV's columns after the features: the split column and the label columns. */
export function dataColumns(ds: Dataset): { split: string; label: DataDescription['label'] } {
  return columnsFor(preparationOf(ds), labelSize(ds));
}

/** The same, from a preparation and the size of a label row (what a model file records). */
export function columnsFor(p: Preparation, labelWidth: number): { split: string; label: DataDescription['label'] } {
  const taken = new Set(p.features);
  const split = freeName('split', taken);
  taken.add(split);
  if (p.tokens) {
    const T = labelWidth / p.tokens.symbols.length;
    if (!Number.isInteger(T))
      throw new Error(
        `a label row of ${labelWidth} values is not one-hot over ${p.tokens.symbols.length} tokens per position`,
      );
    const columns = Array.from({ length: T }, (_, t) => freeName(`next${t}`, taken));
    return { split, label: { kind: 'tokens', columns, untrained: NO_CLASS } };
  }
  if (p.classes) return { split, label: { kind: 'class', columns: [freeName('class', taken)] } };
  const wanted = labelWidth === 1 ? ['target'] : Array.from({ length: labelWidth }, (_, j) => `target${j}`);
  return { split, label: { kind: 'values', columns: wanted.map((w) => freeName(w, taken)) } };
}

/** The cells of every raw row of `ds`, as `prepare` would read them back to `ds.features`. */
function rawCells(ds: Dataset, p: Preparation): (row: number) => string[] {
  const w = rawWidth(p);
  const e = p.encoding;
  if (e.kind === 'thermometer') {
    const raw = ds.rawFeatures;
    if (!raw || raw.length !== ds.n * w)
      throw new Error(`${ds.name}: its raw rows are not kept, and ℤ₂ thresholds cannot give them back`);
    return (r) => Array.from(raw.subarray(r * w, (r + 1) * w), float64Text);
  }
  if (featureSize(ds) !== w) throw new Error(`${ds.name}: ${featureSize(ds)} features, the preparation reads ${w}`);
  // one cache per column (one for all when the step is the same for every column: MNIST's 256 levels)
  const perColumn = e.kind === 'standardise';
  const caches = Array.from({ length: perColumn ? w : 1 }, () => new Map<number, string>());
  return (r) =>
    Array.from(ds.features.subarray(r * w, (r + 1) * w), (y, c) => {
      const cache = caches[perColumn ? c : 0];
      let text = cache.get(y);
      if (text === undefined) {
        text = rawText(e, c, y);
        cache.set(y, text);
      }
      return text;
    });
}

function labelCells(ds: Dataset, p: Preparation): (row: number) => string[] {
  const k = labelSize(ds);
  if (p.tokens) {
    const T = ds.labelShape[0];
    const ids = positionClasses(ds);
    return (r) => Array.from(ids.subarray(r * T, (r + 1) * T), String);
  }
  const names = p.classes?.names;
  if (names) return (r) => [names[decodeClass(ds.labels, r * k, k, ds.labelEncoding)] ?? ''];
  return (r) => Array.from(ds.labels.subarray(r * k, (r + 1) * k), float32Text);
}

/** The CSV text: a header, then the training rows (`split` = train), then the test rows. */
export function dataCsv(split: DataSplit): string {
  const p = preparationOf(split.train);
  const columns = dataColumns(split.train);
  const lines = [csvLine([columns.split, ...p.features, ...columns.label.columns])];
  for (const [name, ds] of [
    ['train', split.train],
    ['test', split.test],
  ] as const) {
    if (!ds) continue;
    const features = rawCells(ds, p);
    const labels = labelCells(ds, p);
    for (let r = 0; r < ds.n; r++) lines.push(csvLine([name, ...features(r), ...labels(r)]));
  }
  lines.push('');
  return lines.join('\n');
}

/** The JSON beside the CSV, for a dataset bound as `binding`. */
export function dataDescription(
  split: DataSplit,
  binding: { readonly id: string; readonly options?: Readonly<Record<string, unknown>> },
): DataDescription {
  const columns = dataColumns(split.train);
  return {
    format: DATA_FORMAT,
    dataset: { id: binding.id, options: { ...binding.options }, name: split.train.name.replace(/ \(train\)$/, '') },
    split: {
      column: columns.split,
      seed: split.seed,
      testFraction: split.testFraction,
      train: split.train.n,
      test: split.test?.n ?? 0,
    },
    label: columns.label,
    preparation: preparationOf(split.train),
  };
}

/** The names of a data export's two files, after the dataset. */
export function dataFileNames(id: string): { readonly csv: string; readonly json: string } {
  const base = id.replace(/[^A-Za-z0-9._-]+/g, '-');
  return { csv: `${base}.csv`, json: `${base}.preparation.json` };
}

/** The files of a data export: the CSV and the JSON beside it. */
export function dataFiles(
  split: DataSplit,
  binding: { readonly id: string; readonly options?: Readonly<Record<string, unknown>> },
): { readonly csv: { name: string; text: string }; readonly json: { name: string; text: string } } {
  const names = dataFileNames(binding.id);
  return {
    csv: { name: names.csv, text: dataCsv(split) },
    json: { name: names.json, text: `${JSON.stringify(dataDescription(split, binding), null, 2)}\n` },
  };
}

/**
 * How a document refers to an imported CSV: `dataset: { id: 'csv', options: CsvBinding }`. The
 * document keeps the file's name, the roles chosen for its columns and a digest of its rows, not
 * the rows themselves (a document stays small, and a file may be private): the app keeps the
 * parsed arrays (in memory and IndexedDB, by `key`) and hands them to the training worker.
 */
import { DatasetOptionError } from './datasetOptions';

export const CSV_DATASET_ID = 'csv';

export interface CsvBinding {
  /** The file's name, as the user knows it. */
  readonly name: string;
  /** Finds the parsed rows in this browser: a digest of the file's text and the roles below. */
  readonly key: string;
  readonly rows: number;
  readonly features: readonly string[];
  readonly label: string;
  readonly labelKind: 'classes' | 'numeric';
  /** The classes in label order (one-hot columns), when the label is read as classes. */
  readonly classes?: readonly string[];
  /** The features were standardised to mean 0, standard deviation 1 on import. */
  readonly standardise?: boolean;
  /** The column of `train`/`test` whose test rows are the dataset's own (csvSplit.ts). */
  readonly split?: string;
}

const MAX_COLUMNS = 10_000;

function fail(path: string, problem: string): never {
  throw new DatasetOptionError(path, `${path} ${problem}`);
}

const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;

function names(value: unknown, path: string, min: number): string[] {
  if (!Array.isArray(value)) fail(path, 'is not a list of column names');
  if (value.length < min || value.length > MAX_COLUMNS)
    fail(path, `has ${value.length} names, not ${min}…${MAX_COLUMNS}`);
  value.forEach((v, i) => {
    if (!isName(v)) fail(`${path}[${i}]`, 'is not a column name');
  });
  return value;
}

/** The binding's options, checked field by field; every refusal names its JSON path. */
export function readCsvBinding(options: Readonly<Record<string, unknown>>, at = 'dataset.options'): CsvBinding {
  const { name, key, rows, features, label, labelKind, classes, standardise, split } = options;
  if (!isName(name)) fail(`${at}.name`, 'is not a file name');
  if (typeof key !== 'string' || !/^[0-9a-z-]{6,80}$/.test(key)) fail(`${at}.key`, 'is not a data key');
  if (!(typeof rows === 'number' && Number.isInteger(rows) && rows >= 1)) fail(`${at}.rows`, 'is not a row count');
  const featureNames = names(features, `${at}.features`, 1);
  if (!isName(label)) fail(`${at}.label`, 'is not a column name');
  if (labelKind !== 'classes' && labelKind !== 'numeric') fail(`${at}.labelKind`, 'is not "classes" or "numeric"');
  if (standardise !== undefined && typeof standardise !== 'boolean') fail(`${at}.standardise`, 'is not true or false');
  if (split !== undefined && !isName(split)) fail(`${at}.split`, 'is not a column name');
  const common = {
    name,
    key,
    rows,
    features: featureNames,
    label,
    standardise: standardise === true,
    ...(split === undefined ? {} : { split }),
  };
  if (labelKind === 'numeric') return { ...common, labelKind };
  return { ...common, labelKind, classes: names(classes, `${at}.classes`, 1) };
}

export function csvShapes(binding: CsvBinding): { featureShape: number[]; labelShape: number[] } {
  return {
    featureShape: [binding.features.length],
    labelShape: [binding.labelKind === 'classes' ? (binding.classes?.length ?? 1) : 1],
  };
}

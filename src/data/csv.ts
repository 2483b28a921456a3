/**
 * CSV import: a header row, numeric feature columns, and one label column read either as
 * classes (one-hot) or as a numeric regression target. Every rejection is a CsvError naming the
 * data row and the header of the column. Runs in Node, in a worker (csv.worker.ts) or inline.
 */

import { isDecimal, parseNumberCell, quoteCell } from './csvCells';
import { CsvError } from './csvError';
import { type CsvTable, readCsvTable } from './csvHeader';
import { splitOrder } from './csvSplit';
import { type Dataset, makeDataset, writeOneHot } from './dataset';
import { type Preparation, preparationOf } from './preparation';
import { type Standardiser, standardise } from './standardise';

export interface CsvOptions {
  name?: string;
  /** Default: every column except the label column. */
  featureColumns?: readonly string[];
  /** Default: the last column. */
  labelColumn?: string;
  /** `classes`: one-hot over the distinct values; `numeric`: a regression target. */
  labelKind?: 'classes' | 'numeric';
  /** Standardise the feature columns to mean 0, std 1. */
  standardise?: boolean;
  /** Size cap, checked before parsing. Default 20 MB. */
  maxBytes?: number;
  /** Default: detected by papaparse (comma when unsure). */
  delimiter?: string;
  /**
   * A column of `train`/`test` (the app's own data export): its test rows become the dataset's
   * own (csvSplit.ts). Neither a feature nor the label.
   */
  splitColumn?: string;
}

export interface CsvImport {
  dataset: Dataset;
  /** Present when standardised: apply it to new rows the same way. */
  standardiser?: Standardiser;
  header: string[];
}

/** More distinct labels than this means the column is surely a number, not a class. */
const MAX_CLASSES = 1000;

function columnIndex(table: CsvTable, name: string): number {
  const i = table.index.get(name);
  if (i === undefined)
    throw new CsvError(`no such column (the header has ${table.header.map(quoteCell).join(', ')})`, { column: name });
  return i;
}

/** Distinct labels in a fixed order: numerically when all are numbers (numberText.ts), else by code units (no locale). */
function sortClasses(values: Iterable<string>): string[] {
  const classes = [...values];
  if (classes.every(isDecimal)) return classes.sort((a, b) => Number(a) - Number(b) || (a < b ? -1 : 1));
  return classes.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function readLabels(
  table: CsvTable,
  column: number,
  kind: 'classes' | 'numeric',
): { labels: Float32Array; classes?: string[] } {
  const name = table.header[column];
  const n = table.records.length;
  if (kind === 'numeric') {
    return { labels: Float32Array.from(table.records, ({ row, cells }) => parseNumberCell(cells[column], row, name)) };
  }
  const seen = new Set<string>();
  for (const { row, cells } of table.records) {
    const value = cells[column].trim();
    if (value === '') throw new CsvError('empty label', { row, column: name });
    seen.add(value);
    if (seen.size > MAX_CLASSES)
      throw new CsvError(`more than ${MAX_CLASSES} distinct classes; read it as a numeric target`, { column: name });
  }
  const classes = sortClasses(seen);
  const classIndex = new Map(classes.map((c, i) => [c, i]));
  const labels = new Float32Array(n * classes.length);
  table.records.forEach(({ cells }, r) => {
    writeOneHot(labels, r, classIndex.get(cells[column].trim())!, classes.length);
  });
  return { labels, classes };
}

/** The table with its training rows first when a split column is named, and how many test rows end it. */
function splitTable(table: CsvTable, name: string | undefined): { table: CsvTable; heldOut?: number } {
  if (name === undefined) return { table };
  const { order, test } = splitOrder(table, columnIndex(table, name));
  return { table: { ...table, records: order.map((r) => table.records[r]) }, heldOut: test };
}

export function parseCsv(text: string, options: CsvOptions = {}): CsvImport {
  const { table, heldOut } = splitTable(readCsvTable(text, options), options.splitColumn);
  const labelName = options.labelColumn ?? table.header[table.header.length - 1];
  const labelAt = columnIndex(table, labelName);
  const splitName = options.splitColumn;
  const featureNames = [
    ...new Set(options.featureColumns ?? table.header.filter((h, i) => i !== labelAt && h !== splitName)),
  ];
  if (featureNames.includes(labelName))
    throw new CsvError('the label column cannot also be a feature', { column: labelName });
  if (splitName !== undefined && (featureNames.includes(splitName) || labelName === splitName))
    throw new CsvError('the split column cannot also be a feature or the label', { column: splitName });
  if (featureNames.length === 0) throw new CsvError('choose at least one feature column');
  const featureAt = featureNames.map((name) => columnIndex(table, name));
  const n = table.records.length;
  const features = new Float32Array(n * featureAt.length);
  table.records.forEach(({ row, cells }, r) => {
    featureAt.forEach((c, j) => {
      features[r * featureAt.length + j] = parseNumberCell(cells[c], row, table.header[c]);
    });
  });
  const kind = options.labelKind ?? 'classes';
  const { labels, classes } = readLabels(table, labelAt, kind);
  const dataset = makeDataset({
    name: options.name ?? 'csv',
    description: `Imported CSV: ${n} rows${heldOut === undefined ? '' : ` (${heldOut} test rows by ${splitName})`}; features ${featureNames.join(', ')}; label ${labelName} (${kind}).`,
    task: kind === 'classes' ? 'classification' : 'regression',
    featureShape: [featureAt.length],
    featureNames,
    labelShape: [classes ? classes.length : 1],
    labelEncoding: classes ? 'onehot' : 'real',
    classes,
    features,
    labels,
    ...(heldOut === undefined ? {} : { heldOut }),
  });
  if (!options.standardise) return { dataset, header: table.header };
  const { dataset: scaled, stats } = standardise(dataset);
  const preparation: Preparation = {
    ...preparationOf(dataset),
    encoding: { kind: 'standardise', mean: Array.from(stats.mean), std: Array.from(stats.std) },
  };
  return { dataset: { ...scaled, preparation }, standardiser: stats, header: table.header };
}

/** The checked header alone, for a UI that lets the user choose columns before importing. */
export function readCsvColumns(text: string, options: Pick<CsvOptions, 'maxBytes' | 'delimiter'> = {}): string[] {
  return readCsvTable(text, options).header;
}

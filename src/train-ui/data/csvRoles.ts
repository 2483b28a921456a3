/**
 * The roles a CSV's columns play (feature, label, ignored), guessed from a first look and then
 * chosen by the user; and what follows from them: the import options, the problem that stops
 * an import before it starts, and the reference the document keeps.
 */
import type { CsvOptions } from '../../data/csv';
import type { CsvBinding } from '../../data/csvBinding';
import type { CsvPeek } from '../../data/csvPeek';
import type { Dataset } from '../../data/dataset';
import { digest } from '../../data/digest';

/** `split`: the data export's column of train/test, whose test rows the dataset keeps as its own. */
export type ColumnRole = 'feature' | 'label' | 'ignore' | 'split';

export interface CsvRoles {
  readonly roles: readonly ColumnRole[];
  readonly labelKind: 'classes' | 'numeric';
  readonly standardise: boolean;
}

/** A label with this many distinct values or fewer reads as classes even when numeric. */
export const FEW_CLASSES = 10;

/**
 * The last column is the label (as classes unless it holds many distinct numbers); the data
 * export's column of train/test is the split; a column whose first value is a number is a
 * feature; the others are ignored.
 */
export function guessRoles(peek: CsvPeek): CsvRoles {
  const last = peek.header.length - 1;
  const roles = peek.header.map(
    (_, i): ColumnRole => (i === last ? 'label' : i === peek.split ? 'split' : peek.numeric[i] ? 'feature' : 'ignore'),
  );
  const numericLabel = peek.numeric[last] && peek.distinct[last] > FEW_CLASSES;
  return { roles, labelKind: numericLabel ? 'numeric' : 'classes', standardise: false };
}

/** Gives column `i` its role; a new label demotes the old one (to a feature when numeric), a new split the old one. */
export function withRole(peek: CsvPeek, current: CsvRoles, i: number, role: ColumnRole): CsvRoles {
  const roles = current.roles.map((r, j): ColumnRole => {
    if (j === i) return role;
    if (role === 'label' && r === 'label') return peek.numeric[j] ? 'feature' : 'ignore';
    if (role === 'split' && r === 'split') return 'ignore';
    return r;
  });
  return { ...current, roles };
}

/** Why these roles cannot be imported yet, in words; null when they can. */
export function rolesProblem(roles: readonly ColumnRole[]): string | null {
  const labels = roles.filter((r) => r === 'label').length;
  if (labels === 0) return 'Choose one column as the label (what to predict).';
  if (labels > 1) return 'Only one column can be the label.';
  if (!roles.includes('feature')) return 'Choose at least one column as a feature.';
  if (roles.filter((r) => r === 'split').length > 1) return 'Only one column can be the train/test split.';
  return null;
}

export function csvImportOptions(name: string, header: readonly string[], r: CsvRoles): CsvOptions {
  const split = r.roles.indexOf('split');
  return {
    ...(split < 0 ? {} : { splitColumn: header[split] }),
    name,
    featureColumns: header.filter((_, i) => r.roles[i] === 'feature'),
    labelColumn: header[r.roles.indexOf('label')],
    labelKind: r.labelKind,
    standardise: r.standardise,
  };
}

/** The reference the document keeps; its key names the file's content and the roles chosen. */
export function csvBindingOf(name: string, peek: CsvPeek, r: CsvRoles, dataset: Dataset): CsvBinding {
  const options = csvImportOptions(name, peek.header, r);
  const roles = [options.featureColumns, options.labelColumn, r.labelKind, r.standardise];
  // a file without a split column keeps the key it had before splits were read
  const key = `${peek.digest}-${digest(JSON.stringify(options.splitColumn ? [...roles, options.splitColumn] : roles))}`;
  const binding = {
    name,
    key,
    rows: dataset.n,
    features: options.featureColumns ?? [],
    label: options.labelColumn ?? '',
    labelKind: r.labelKind,
    standardise: r.standardise,
    ...(options.splitColumn ? { split: options.splitColumn } : {}),
  };
  return dataset.classes ? { ...binding, classes: dataset.classes } : binding;
}

/**
 * A CSV's own train/test split (docs/data-export.md, *Back into the app*): the `split` column
 * Lensboard's data export writes, `train` or `test` on every row. Imported, the training rows come
 * first and the test rows last, each in the file's order, and the dataset holds the test rows as
 * its own (`heldOut`, dataset.ts): every split the trainer cuts with a test fraction above 0 takes
 * exactly them, so the rows keep the roles they had when the model was trained.
 */
import { quoteCell } from './csvCells';
import { CsvError } from './csvError';
import type { CsvTable } from './csvHeader';

/** The names the export gives its split column: `split`, or `split_2`… when a feature has the name. */
const SPLIT_NAME = /^split(_\d+)?$/;
const ROLES = new Set(['train', 'test']);

/** The first column named as the export names it whose every cell is `train` or `test`; -1 when none. */
export function findSplitColumn(table: CsvTable): number {
  return table.header.findIndex(
    (name, c) => SPLIT_NAME.test(name) && table.records.every(({ cells }) => ROLES.has(cells[c].trim())),
  );
}

/** The records' order with the training rows first, and how many test rows end it. */
export function splitOrder(table: CsvTable, column: number): { order: number[]; test: number } {
  const name = table.header[column];
  const train: number[] = [];
  const test: number[] = [];
  table.records.forEach(({ row, cells }, r) => {
    const role = cells[column].trim();
    if (role === 'train') train.push(r);
    else if (role === 'test') test.push(r);
    else throw new CsvError(`${quoteCell(role)} is not train or test`, { row, column: name });
  });
  if (train.length === 0) throw new CsvError('no row is a training row (train)', { column: name });
  return { order: [...train, ...test], test: test.length };
}

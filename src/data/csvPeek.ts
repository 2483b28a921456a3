/**
 * A first look at a CSV, for the dialog that asks what each column is: the header, a few rows,
 * and per column whether its first value is a number and how many distinct values it has (a
 * guess at its role that the user confirms), and which column is the data export's own split. Problems of the file as a whole (no header,
 * ragged rows, a malformed quote) are refused here already, with their row.
 */
import type { CsvOptions } from './csv';
import { isDecimal } from './csvCells';
import { readCsvTable } from './csvHeader';
import { findSplitColumn } from './csvSplit';
import { digest } from './digest';

export interface CsvPeek {
  readonly header: string[];
  /** The first data rows, as text. */
  readonly sample: string[][];
  readonly rows: number;
  /** Per column: is the first data value a number? */
  readonly numeric: boolean[];
  /** Per column: distinct values, counted up to DISTINCT_CAP + 1. */
  readonly distinct: number[];
  /** Names the file's content (digest.ts), for finding its rows again. */
  readonly digest: string;
  /** The column of `train`/`test` the app's data export writes (csvSplit.ts), or -1. */
  readonly split: number;
}

export const SAMPLE_ROWS = 5;
export const DISTINCT_CAP = 20;

export function peekCsv(text: string, options: Pick<CsvOptions, 'maxBytes' | 'delimiter'> = {}): CsvPeek {
  const table = readCsvTable(text, options);
  const first = table.records[0].cells;
  const distinct = table.header.map((_, c) => {
    const seen = new Set<string>();
    for (const { cells } of table.records) {
      seen.add(cells[c].trim());
      if (seen.size > DISTINCT_CAP) break;
    }
    return seen.size;
  });
  return {
    header: table.header,
    sample: table.records.slice(0, SAMPLE_ROWS).map((r) => r.cells),
    rows: table.records.length,
    numeric: first.map(isDecimal),
    distinct,
    digest: digest(text),
    split: findSplitColumn(table),
  };
}

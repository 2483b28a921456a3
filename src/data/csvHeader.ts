/**
 * Splitting a CSV into a checked header and its data records. Header names are untrusted: they
 * are kept in arrays and Maps, never used as object keys, and names that mean something to
 * JavaScript objects are refused outright so no later consumer can trip on them.
 */
import Papa from 'papaparse';
import { isDecimal, quoteCell, utf8Bytes } from './csvCells';
import { CsvError, DEFAULT_MAX_BYTES, sizeLimitError } from './csvError';
import { unguardCell } from './csvGuard';

/** The keys the checked door refuses in JSON (io/untrusted.ts), refused as column names too. */
export const RESERVED_COLUMN_NAMES: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export interface CsvTable {
  header: string[];
  /** Column index by header name. */
  index: Map<string, number>;
  /** Data records with their 1-based data row number; blank lines are skipped but counted. */
  records: { row: number; cells: string[] }[];
}

const isBlank = (cells: string[]): boolean => cells.length === 1 && cells[0].trim() === '';

/** Refuses an oversized text before any parsing, so a huge file costs one length check. */
export function checkCsvSize(text: string, maxBytes = DEFAULT_MAX_BYTES): void {
  const bytes = text.length > maxBytes ? text.length : utf8Bytes(text, maxBytes);
  if (bytes > maxBytes) throw sizeLimitError(maxBytes);
}

function checkHeader(header: string[]): Map<string, number> {
  const index = new Map<string, number>();
  header.forEach((name, i) => {
    if (name === '') throw new CsvError(`header: column ${i + 1} has no name`);
    if (RESERVED_COLUMN_NAMES.has(name))
      throw new CsvError(`${quoteCell(name)} is not allowed as a column name`, { column: name });
    if (index.has(name))
      throw new CsvError(`duplicate header: columns ${index.get(name)! + 1} and ${i + 1}`, { column: name });
    index.set(name, i);
  });
  if (header.every(isDecimal)) {
    throw new CsvError(
      `a header row of column names is required; the first row looks like data (${header.slice(0, 4).join(', ')})`,
    );
  }
  return index;
}

/**
 * Papaparse's own guess counts blank lines as one-field rows and then falls back to ',' on
 * small files, so the guess is made on a preview without blank lines (the full parse keeps them
 * so that row numbers stay true).
 */
function guessDelimiter(body: string): string {
  const preview = Papa.parse<string[]>(body, { preview: 10, skipEmptyLines: 'greedy', delimiter: '' });
  return preview.meta.delimiter || ',';
}

export function readCsvTable(text: string, options: { maxBytes?: number; delimiter?: string } = {}): CsvTable {
  checkCsvSize(text, options.maxBytes);
  if (text.trim() === '') throw new CsvError('empty file');
  const body = text.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(body, { header: false, delimiter: options.delimiter ?? guessDelimiter(body) });
  const problem = parsed.errors[0];
  const first = parsed.data.findIndex((cells) => !isBlank(cells));
  if (problem) {
    const row = problem.row === undefined ? undefined : problem.row - first;
    throw new CsvError(`malformed CSV: ${problem.message}`, row !== undefined && row >= 1 ? { row } : {});
  }
  // Only blank cells (a quoted newline is a cell of white space): nothing to take for a header.
  if (first < 0) throw new CsvError('empty file: no row has a value');
  // a cell Lensboard guarded against spreadsheet formulas reads as it was written from (csvGuard.ts)
  const header = parsed.data[first].map((name) => unguardCell(name).trim());
  const index = checkHeader(header);
  const records: CsvTable['records'] = [];
  for (let i = first + 1; i < parsed.data.length; i++) {
    const cells = parsed.data[i];
    const row = i - first;
    if (isBlank(cells)) continue;
    if (cells.length !== header.length) {
      throw new CsvError(`has ${cells.length} cells, but the header has ${header.length} columns`, { row });
    }
    for (let c = 0; c < cells.length; c++) if (cells[c].charCodeAt(0) === 39) cells[c] = unguardCell(cells[c]);
    records.push({ row, cells });
  }
  if (records.length === 0) throw new CsvError('no data rows after the header');
  return { header, index, records };
}

/**
 * The error every CSV rejection raises: where (1-based data row, the header row not counted;
 * header name of the column) and what. It crosses a worker boundary as plain data.
 */
export interface CsvErrorData {
  row?: number;
  column?: string;
  message: string;
}

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

export const sizeLimitError = (maxBytes: number): CsvError =>
  new CsvError(`the file is over the ${(maxBytes / 1024 / 1024).toFixed(1)} MB size limit`);

export class CsvError extends Error implements CsvErrorData {
  readonly row?: number;
  readonly column?: string;
  /** The problem without its location, for a UI that shows the location separately. */
  readonly reason: string;

  constructor(reason: string, where: { row?: number; column?: string } = {}) {
    super(describeLocation(where) + reason);
    this.name = 'CsvError';
    this.reason = reason;
    this.row = where.row;
    this.column = where.column;
  }

  toData(): CsvErrorData {
    return { row: this.row, column: this.column, message: this.message };
  }

  /** Rebuilds the error on the far side of postMessage. */
  static fromData(data: CsvErrorData): CsvError {
    const prefix = describeLocation(data);
    const reason = data.message.startsWith(prefix) ? data.message.slice(prefix.length) : data.message;
    return new CsvError(reason, data);
  }
}

function describeLocation({ row, column }: { row?: number; column?: string }): string {
  const parts = [row === undefined ? '' : `row ${row}`, column === undefined ? '' : `column ${JSON.stringify(column)}`];
  const where = parts.filter(Boolean).join(', ');
  return where ? `${where}: ` : '';
}

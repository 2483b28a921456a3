/**
 * Strict reading of CSV cells as float32 numbers. Anything a reader could misread is refused
 * rather than guessed: NaN, infinities, hex, thousands separators, and values a float32 cannot
 * hold (1e39 is finite in JavaScript but Infinity in a Float32Array).
 */
import { CsvError } from './csvError';

const DECIMAL = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const NAN = /^[+-]?nan$/i;
const INFINITY = /^[+-]?inf(?:inity)?$/i;
const FLOAT32_MAX = 3.4028234663852886e38;

/** A cell shortened for an error message, so a megabyte cell does not become a megabyte message. */
export const quoteCell = (cell: string): string => JSON.stringify(cell.length > 40 ? `${cell.slice(0, 40)}…` : cell);

export const isDecimal = (cell: string): boolean => DECIMAL.test(cell.trim());

export function parseNumberCell(raw: string, row: number, column: string): number {
  const cell = raw.trim();
  const where = { row, column };
  if (cell === '') throw new CsvError('empty cell, expected a number', where);
  if (NAN.test(cell)) throw new CsvError(`${quoteCell(cell)} (NaN) is not a number`, where);
  if (INFINITY.test(cell)) throw new CsvError(`${quoteCell(cell)} is infinite, expected a finite number`, where);
  if (!DECIMAL.test(cell)) throw new CsvError(`${quoteCell(cell)} is not a number`, where);
  const value = Number(cell);
  if (!Number.isFinite(value)) throw new CsvError(`${quoteCell(cell)} overflows to Infinity`, where);
  if (Math.abs(value) > FLOAT32_MAX)
    throw new CsvError(`${quoteCell(cell)} is beyond the float32 range (±3.4e38)`, where);
  return value;
}

/** UTF-8 size of a string, counted without encoding it; stops counting once past `cap`. */
export function utf8Bytes(text: string, cap = Number.POSITIVE_INFINITY): number {
  let bytes = 0;
  for (let i = 0; i < text.length && bytes <= cap; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00 && i + 1 < text.length) {
      bytes += 4; // a surrogate pair is one 4-byte code point
      i++;
    } else bytes += 3;
  }
  return bytes;
}

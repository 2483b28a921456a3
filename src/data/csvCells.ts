/**
 * CSV cells as float32 numbers, read by the one number grammar every file reader shares
 * (numberText.ts), with the row and column of a refusal.
 */
import { CsvError } from './csvError';
import { readNumberText } from './numberText';

export { isDecimal, quoteCell } from './numberText';

export function parseNumberCell(raw: string, row: number, column: string): number {
  const read = readNumberText(raw);
  if (!read.ok) throw new CsvError(read.reason, { row, column });
  return read.value;
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

/**
 * The one grammar for a number written as text in a file Lensboard reads: every CSV reader
 * (the app's import and `npm run predict`) reads its cells through it, so a cell means the
 * same everywhere (docs/untrusted-input.md, "Numbers"). Plain decimal only — an optional sign,
 * digits with an optional point, an optional exponent — and finite in float32. Anything a reader
 * could misread is refused rather than guessed: hex (`0x10`), binary, octal, `1_000`, `1,5`,
 * NaN, infinities, and values a float32 cannot hold (1e39 is finite in JavaScript but Infinity
 * in a Float32Array). Spaces around the number are allowed.
 */

/** Unambiguous (the digits before a point can be split only one way), so a long cell is read in linear time. */
export const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const NAN = /^[+-]?nan$/i;
const INFINITY = /^[+-]?inf(?:inity)?$/i;
/** A word that begins as a number does (`2o`, `-.5x`): a mistyped number, never a column name. */
const NUMBER_START = /^[+-]?\.?\d/;
export const FLOAT32_MAX = 3.4028234663852886e38;

export type NumberRead =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly reason: string };

/** A cell shortened for an error message, so a megabyte cell does not become a megabyte message. */
export const quoteCell = (cell: string): string => JSON.stringify(cell.length > 40 ? `${cell.slice(0, 40)}…` : cell);

/** Written in the grammar (its value may still be out of range). */
export const isDecimal = (cell: string): boolean => DECIMAL.test(cell.trim());

/**
 * Begins as a number does, or names NaN or an infinity: a cell a person meant as a number. A
 * header name never looks so, which tells `1,2o` (data with a typo) from a header.
 */
export function looksLikeNumber(raw: string): boolean {
  const cell = raw.trim();
  return NUMBER_START.test(cell) || NAN.test(cell) || INFINITY.test(cell);
}

/** The value of a cell, or why it is not a number (the reason quotes the cell). */
export function readNumberText(raw: string): NumberRead {
  const cell = raw.trim();
  if (cell === '') return { ok: false, reason: 'empty cell, expected a number' };
  if (NAN.test(cell)) return { ok: false, reason: `${quoteCell(cell)} (NaN) is not a number` };
  if (INFINITY.test(cell)) return { ok: false, reason: `${quoteCell(cell)} is infinite, expected a finite number` };
  if (!DECIMAL.test(cell)) return { ok: false, reason: `${quoteCell(cell)} is not a number` };
  const value = Number(cell);
  if (!Number.isFinite(value)) return { ok: false, reason: `${quoteCell(cell)} overflows to Infinity` };
  if (Math.abs(value) > FLOAT32_MAX)
    return { ok: false, reason: `${quoteCell(cell)} is beyond the float32 range (±3.4e38)` };
  return { ok: true, value };
}

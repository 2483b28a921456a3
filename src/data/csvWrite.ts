/**
 * Writing CSV text that Lensboard's own readers read back exactly (docs/data-export.md): cells
 * quoted as RFC 4180 says, formulas guarded (csvGuard.ts), and numbers written in the one number grammar (numberText.ts) as the
 * shortest decimal that reads back to the same float32 or float64.
 */
import { guardCell } from './csvGuard';
import { FLOAT32_MAX } from './numberText';
import type { FeatureEncoding } from './preparation';

/** A cell that needs quotes: a comma, a quote, a line break, or spaces a reader may trim. */
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One cell as CSV text: as it is, or in double quotes with its quotes doubled; a cell a
 * spreadsheet would read as a formula is guarded with a leading apostrophe and always quoted
 * (csvGuard.ts).
 */
export function csvCell(text: string): string {
  const guarded = guardCell(text);
  return guarded !== text || NEEDS_QUOTES.test(text) ? `"${guarded.replaceAll('"', '""')}"` : text;
}

/** One line of cells (without its line break). */
export const csvLine = (cells: readonly string[]): string => cells.map(csvCell).join(',');

/** The shortest decimal that reads back (rounded to float32) as `x`, a finite float32. */
export function float32Text(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`${x} is not a finite number`);
  for (let digits = 1; digits < 17; digits++) {
    // String() of the rounded double: plain digits from 1e-7 to 1e21, an exponent beyond, -0 as 0;
    // near the largest float32 the shortest text lies past it, which the grammar refuses
    const text = String(Number(x.toPrecision(digits)));
    if (Math.fround(Number(text)) === x && Math.abs(Number(text)) <= FLOAT32_MAX) return text;
  }
  return String(x);
}

/** A finite float64 as the shortest decimal that reads back exactly (JavaScript's own). */
export function float64Text(x: number): string {
  if (!Number.isFinite(x)) throw new Error(`${x} is not a finite number`);
  return String(x);
}

/** The float32 next to `x` upwards (k = 1) or downwards (k = -1). */
function nextFloat32(x: number, k: 1 | -1): number {
  const f = new Float32Array([x]);
  const bits = new Int32Array(f.buffer);
  if (x === 0) return k * 1.401298464324817e-45;
  bits[0] += (x > 0 ? 1 : -1) * k;
  return f[0];
}

/** How far from the inverse a raw value is looked for, in float32 steps each way. */
const SEARCH = 4;

/**
 * The raw value a prepared value came from, as text: among the float32 values within a few
 * steps of the encoding's inverse, the one whose text is shortest and which the encoding takes
 * to exactly `y` (MNIST's 128/255 gives back `128`, not `127.99999`). Identity, divide and
 * standardise only: ℤ₂ thresholds forget the value (a dataset keeps its raw rows then).
 */
export function rawText(encoding: FeatureEncoding, column: number, y: number): string {
  const forward = preparedBy(encoding, column);
  const inverse = Math.fround(
    encoding.kind === 'divide'
      ? y * encoding.by
      : encoding.kind === 'standardise'
        ? y * encoding.std[column] + encoding.mean[column]
        : y,
  );
  let best: string | undefined;
  const consider = (x: number) => {
    if (!Number.isFinite(x) || forward(x) !== y) return;
    const text = float32Text(x);
    if (best === undefined || text.length < best.length) best = text;
  };
  consider(inverse);
  for (const k of [1, -1] as const) {
    let x = inverse;
    for (let step = 0; step < SEARCH; step++) {
      x = nextFloat32(x, k);
      consider(x);
    }
  }
  if (best === undefined)
    throw new Error(`no raw value of column ${column + 1} prepares to ${y} (the preparation is not invertible there)`);
  return best;
}

/** One column's step of `prepare` (preparation.ts), on a raw float32 value. */
function preparedBy(encoding: FeatureEncoding, column: number): (x: number) => number {
  if (encoding.kind === 'divide') return (x) => Math.fround(x / encoding.by);
  if (encoding.kind === 'standardise') {
    const [m, s] = [encoding.mean[column], encoding.std[column]];
    return (x) => Math.fround((x - m) / s);
  }
  if (encoding.kind === 'identity') return (x) => x;
  throw new Error('ℤ₂ thresholds have no inverse: a bit does not say the value');
}

/**
 * The spreadsheet-formula guard of every CSV Lensboard writes (docs/data-export.md, *Formulas*):
 * a text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is a formula to
 * Excel and LibreOffice, so it is written with a leading apostrophe (and quoted, csvWrite.ts), as
 * OWASP advises for CSV injection. A number in the one number grammar (`-1.5`, `+2e3`) is a
 * number to a spreadsheet too and is written as it is (white space around it is not: a
 * tab first is guarded). A text that itself begins with an
 * apostrophe gets one more, so that reading drops exactly one: every reader of Lensboard's CSV
 * (the app's import, train.py) gives the original text back.
 */
import { DECIMAL } from './numberText';

/** What a guarded cell may begin with: a formula's start, or an apostrophe of the text's own. */
const GUARDED_START = /^[=+\-@\t\r']/;

/** The cell as written: with a leading apostrophe when a spreadsheet would read it as a formula. */
export function guardCell(text: string): string {
  return GUARDED_START.test(text) && !DECIMAL.test(text) ? `'${text}` : text;
}

/**
 * The text a guarded cell was written from: one leading apostrophe dropped when a formula's start
 * (or another apostrophe) follows it; any other cell as it is. A third-party file's `'=A1` reads
 * as `=A1`, as a spreadsheet shows it.
 */
export function unguardCell(cell: string): string {
  return cell.charCodeAt(0) === 39 && GUARDED_START.test(cell.slice(1, 2)) ? cell.slice(1) : cell;
}

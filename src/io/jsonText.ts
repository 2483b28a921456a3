/**
 * JSON.parse with an error a person can find in the file: the line and column of the fault
 * (counted from 1), whichever words the JavaScript engine used for it. Engines say "at
 * position 42" (V8 in Node), some add "(line 3 column 5)", some say neither; the position is
 * turned into a line and column here so that every browser reports the same.
 */

export type JsonRead = { ok: true; value: unknown } | { ok: false; message: string };

/** Line and column (from 1) of a character offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: offset - start + 1 };
}

export function readJson(text: string): JsonRead {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (e) {
    const said = (e as Error).message;
    const at = /position (\d+)/.exec(said);
    const where = /line (\d+) column (\d+)/.exec(said);
    let place: { line: number; column: number };
    if (where) place = { line: Number(where[1]), column: Number(where[2]) };
    else if (at) place = lineColumn(text, Number(at[1]));
    // No place in the words: the fault is at the end (the text stops too soon).
    else place = lineColumn(text, text.length);
    const words = said.replace(/\s*\(line \d+ column \d+\)/, '').replace(/\s*at position \d+/, '');
    return { ok: false, message: `not valid JSON at line ${place.line}, column ${place.column}: ${words}` };
  }
}

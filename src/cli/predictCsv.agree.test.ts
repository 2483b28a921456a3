/**
 * Predict's CSV reader and the app's import (data/csvHeader.ts) hold to one grammar
 * (docs/untrusted-input.md, "CSV"): over seeded CSV texts with quoted commas, quoted line
 * breaks, doubled quotes, CR LF, a byte-order mark, blank lines and stray quotes, both accept
 * a file with the same header and rows, or both refuse it (each naming its row). The app also
 * refuses headers with an empty or repeated name, which predict only counts: those cases are
 * told apart and checked to be exactly that rule.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError } from '../data/csvError';
import { readCsvTable } from '../data/csvHeader';
import { readNumberText } from '../data/numberText';
import { FUZZ_RUNS, fuzz } from '../testing/fuzz';
import { FeatureRowReader, readFeatureRows } from './predictCsv';

type Answer = { ok: true; header: string[]; rows: number[][] } | { ok: false; error: string };

/** The app's import of a text: its header and each cell read as the app reads a number. */
function appReads(text: string): Answer {
  try {
    const table = readCsvTable(text, { delimiter: ',' });
    const rows = table.records.map(({ row, cells }) =>
      cells.map((cell) => {
        const read = readNumberText(cell);
        if (!read.ok) throw new CsvError(read.reason, { row });
        return read.value;
      }),
    );
    return { ok: true, header: table.header, rows };
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    return { ok: false, error: e.message };
  }
}

function predictReads(text: string, width: number): Answer {
  const read = readFeatureRows(text, width);
  if (!read.ok) return read;
  const rows = Array.from({ length: read.n }, (_, i) => Array.from(read.rows.subarray(i * width, (i + 1) * width)));
  return { ok: true, header: read.header ?? [], rows };
}

const quote = (cell: string): string => `"${cell.replaceAll('"', '""')}"`;
const name = fc.constantFrom('a', 'b', 'x1', 'petal length', 'a,b', 'line\nbreak', 'say "hi"', ' c ', 'd\r\ne', 'b');
const value = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('1', '-2.5', ' 3 ', '1e3', '1\n', ' 2\r\n', '.5', '\r7\n') },
  { weight: 1, arbitrary: fc.constantFrom('0x10', 'x', '', '1,5', '4"') },
);
/** A cell as written: bare when the text allows it, quoted when it must be, or quoted anyway. */
const written = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.boolean()).map(([t, q]) => (q || /[,"\r\n]/.test(t) ? quote(t) : t));
const breakArb = fc.constantFrom('\n', '\r\n', '\r');
/** What a careless hand does to a CSV: a stray quote, spaces or text after a closing quote, a cut. */
const damage = fc.constantFrom('none', 'none', 'none', 'none', 'none', 'quote', 'spaces', 'trail', 'cut', 'blank');

const csvText = fc
  .integer({ min: 1, max: 3 })
  .chain((width) =>
    fc.record({
      width: fc.constant(width),
      header: fc.array(written(name), { minLength: width, maxLength: width }),
      rows: fc.array(
        fc.oneof(
          { weight: 8, arbitrary: fc.array(written(value), { minLength: width, maxLength: width }) },
          { weight: 1, arbitrary: fc.array(written(value), { minLength: width - 1, maxLength: width + 1 }) },
        ),
        { maxLength: 4 },
      ),
      // one line break throughout, or now and then a mix (the app keeps to the one it guessed)
      breaks: fc.oneof(
        { weight: 4, arbitrary: breakArb.map((b) => [b]) },
        { weight: 1, arbitrary: fc.array(breakArb, { minLength: 6, maxLength: 6 }) },
      ),
      bom: fc.boolean(),
      damage,
      at: fc.nat(),
    }),
  )
  .map((c) => {
    const lines = [c.header.join(','), ...c.rows.map((r) => r.join(','))];
    let text = (c.bom ? '\uFEFF' : '') + lines.map((l, i) => l + c.breaks[i % c.breaks.length]).join('');
    const at = c.at % (text.length + 1);
    if (c.damage === 'quote') text = `${text.slice(0, at)}"${text.slice(at)}`;
    if (c.damage === 'spaces') text = text.replace(/"(,|\n|$)/, '"  $1');
    if (c.damage === 'trail') text = text.replace(/"(,|\r|\n|$)/, '"x$1');
    if (c.damage === 'cut') text = text.slice(0, at);
    if (c.damage === 'blank') text = `${text.slice(0, at)}\n\n${text.slice(at)}`;
    return { text, width: c.width };
  });

/** The app's extra rule on names, which predict does not need: every name given, none twice. */
const namesRule = (header: string[]): boolean => header.some((h) => h === '') || new Set(header).size !== header.length;

const NAMES_ROW = /^(row \d+|the first row)[,: ]|^no rows to predict|^the header has \d+ columns?;/;

function agree(text: string, width: number, outcomes: Record<string, number>): void {
  const app = appReads(text);
  const predicted = predictReads(text, width);
  if (!predicted.ok) expect(predicted.error).toMatch(NAMES_ROW);
  if (app.ok) {
    outcomes.accepted++;
    expect(predicted).toEqual(app);
  } else if (predicted.ok && namesRule(predicted.header)) {
    outcomes.names++;
    expect(app.error).toMatch(/has no name|duplicate header/);
  } else if (predicted.ok && app.error.includes('the header has') && predicted.header.length !== width) {
    expect.unreachable('predict read a header of the wrong width');
  } else {
    outcomes.refused++;
    expect(predicted, `the app refused: ${app.error}`).toMatchObject({ ok: false });
  }
}

describe("predict's CSV reader and the app's import", () => {
  it(`accept the same ${FUZZ_RUNS} CSV texts with the same header and rows, or both refuse`, async () => {
    const outcomes = { accepted: 0, refused: 0, names: 0 };
    await fuzz(csvText, ({ text, width }) => agree(text, width, outcomes));
    console.log("predict and the app's CSV import", outcomes);
    expect(outcomes.accepted).toBeGreaterThan(0);
    expect(outcomes.refused).toBeGreaterThan(0);
  });

  it('read a quoted line break in a header name, and a quoted line break after a number', () => {
    const header = readFeatureRows('"a\nb",c\n1,2', 2);
    expect(header).toMatchObject({ ok: true, header: ['a\nb', 'c'], n: 1 });
    expect(predictReads('"a\nb",c\n1,2', 2)).toEqual(appReads('"a\nb",c\n1,2'));
    const cell = readFeatureRows('a,b\n"1\n",2', 2);
    expect(cell).toMatchObject({ ok: true, n: 1 });
    expect(predictReads('a,b\n"1\n",2', 2)).toEqual(appReads('a,b\n"1\n",2'));
  });

  it('say one column, one value and one feature in the singular', () => {
    expect(readFeatureRows('a\n1\n', 2)).toEqual({
      ok: false,
      error: 'the header has 1 column; the model takes 2 features',
    });
    expect(readFeatureRows('a,b\n1\n', 2)).toEqual({
      ok: false,
      error: 'row 1 has 1 value; the model takes 2 features',
    });
    expect(readFeatureRows('1,2\n', 1)).toEqual({ ok: false, error: 'row 1 has 2 values; the model takes 1 feature' });
  });

  it('refuse a quote left open or text after a closing quote, naming the row', () => {
    expect(readFeatureRows('a,b\n1,2\n"3,4\n', 2)).toEqual({
      ok: false,
      error: 'row 2: malformed CSV: a quoted field is not closed',
    });
    expect(readFeatureRows('a,b\n"1"x,2\n', 2)).toEqual({
      ok: false,
      error: 'row 1: malformed CSV: a quoted field goes on after its closing quote',
    });
    expect(appReads('a,b\n"1"x,2\n')).toMatchObject({ ok: false });
  });

  it('read a stream cut anywhere, even inside a CR LF or a doubled quote, as the whole text', () => {
    // past the megabyte held back to guess the line break, so every cut falls in a streamed scan
    const pad = `\uFEFFx,y\r\n"${' '.repeat(1_100_000)}1",2\r\n`;
    const cutEverywhere = (text: string) => {
      const whole = readFeatureRows(pad + text, 2);
      for (let cut = 0; cut <= text.length; cut++) {
        const reader = new FeatureRowReader(2);
        reader.push(pad + text.slice(0, cut));
        reader.push(text.slice(cut));
        expect(reader.end(), `cut at ${cut}`).toEqual(whole);
      }
      return whole;
    };
    expect(cutEverywhere('" 1\r\n",2\r\n\r\n3,"4"  \r\n"5\r",6')).toMatchObject({ ok: true, n: 4, header: ['x', 'y'] });
    expect(cutEverywhere('3,4\r\n"5""",6\r\n')).toEqual({
      ok: false,
      error: 'row 3, column 1 ("x"): "5\\"" is not a number',
    });
  });
});

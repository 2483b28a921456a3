/** The formula guard of Lensboard's CSV (docs/data-export.md, *Formulas*). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { guardCell, unguardCell } from './csvGuard';
import { readCsvTable } from './csvHeader';
import { csvCell, csvLine } from './csvWrite';

const FC_SEED = fcSeed();
const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'];

describe('the formula guard', () => {
  it('writes a cell a spreadsheet would take for a formula with an apostrophe, quoted', () => {
    expect(
      ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', "'quoted", '=HYPERLINK("http://x")'].map(csvCell),
    ).toEqual([
      `"'=1+1"`,
      `"'+cmd"`,
      `"'-2+3"`,
      `"'@SUM(A1)"`,
      `"'\tx"`,
      `"'\rx"`,
      `"''quoted"`,
      `"'=HYPERLINK(""http://x"")"`,
    ]);
  });

  it('leaves numbers (negative or signed) and other text as they are', () => {
    expect(['-1.5', '+2e3', '-0', '-.5', 'setosa', 'a=b', 'x-1', ''].map(csvCell)).toEqual([
      '-1.5',
      '+2e3',
      '-0',
      '-.5',
      'setosa',
      'a=b',
      'x-1',
      '',
    ]);
  });

  it('no written cell begins, once its quotes are taken off, with a formula start', () => {
    const unit = fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", 'a', '1', '.', ',', '"', ' ');
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 8 }), (text) => {
        const guarded = guardCell(text);
        const opens = FORMULA_STARTS.includes(guarded[0] ?? '');
        expect(!opens || /^[+-]?(\d|\.\d)/.test(guarded), `${JSON.stringify(text)} written ${guarded}`).toBe(true);
        expect(unguardCell(guarded)).toBe(text);
      }),
      { seed: FC_SEED, numRuns: 1000 },
    );
  });

  it('the app’s CSV reader gives class names and column names back as they were', () => {
    const names = ['=evil()', '-neg', "'own", '@at', 'plain'];
    const text = [csvLine(['x', '+label']), ...names.map((n, i) => csvLine([String(i - 2), n])), ''].join('\n');
    const table = readCsvTable(text);
    expect(table.header).toEqual(['x', '+label']);
    expect(table.records.map((r) => r.cells)).toEqual(names.map((n, i) => [String(i - 2), n]));
  });

  it('a third-party file’s apostrophe before a formula start reads as a spreadsheet shows it', () => {
    expect(["'=A1", "'-x", "'plain", "''"].map(unguardCell)).toEqual(['=A1', '-x', "'plain", "'"]);
  });
});

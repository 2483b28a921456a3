/**
 * Fuzz of predict's CSV reader (docs/untrusted-input.md, "CSV"): 1,000 seeded mutated CSVs,
 * with and without a header, go through the file reader (a stream) and the text reader. Both
 * give the same answer; nothing throws; every refusal names its row (and column), or is one
 * of the whole-file answers; every row read holds float32 numbers only. And predict reads
 * every cell as the app's import does: the same value, or the same refusal in the same words.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { parseCsv } from '../data/csv';
import { CsvError } from '../data/csvError';
import { FLOAT32_MAX } from '../data/numberText';
import { csvCase, ODD_CELLS } from '../testing/csvMutations';
import { FUZZ_RUNS, fuzz } from '../testing/fuzz';
import { FeatureRowReader, readFeatureRows } from './predictCsv';
import { readCsvFile } from './readInput';

const NAMED =
  /^(row \d+, column \d+( \(".*"\))?: .+|row \d+ has \d+ values?; the model takes \d+ features?|the header has \d+ columns?; the model takes \d+ features?|(row \d+|the first row): malformed CSV: .+|no rows to predict \((only a header|the file is empty)\))$/s;

it(`reads ${FUZZ_RUNS} mutated CSVs as a stream and as text alike, each refusal naming its row`, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lensboard-fuzz-'));
  const outcomes = { ok: 0, refused: 0 };
  await fuzz(fc.tuple(fc.boolean().chain(csvCase), fc.integer({ min: -1, max: 1 })), async ([c, off]) => {
    const width = Math.max(1, c.width + off);
    const path = join(dir, 'in.csv');
    writeFileSync(path, c.text);
    const streamed = await readCsvFile(path, new FeatureRowReader(width));
    expect(streamed).toEqual(readFeatureRows(readFileSync(path, 'utf8'), width));
    if (!streamed.ok) {
      outcomes.refused++;
      expect(streamed.error).toMatch(NAMED);
      return;
    }
    outcomes.ok++;
    expect(streamed.n).toBeGreaterThan(0);
    expect(streamed.rows).toHaveLength(streamed.n * width);
    for (const v of streamed.rows) expect(Number.isFinite(v) && Math.abs(v) <= FLOAT32_MAX).toBe(true);
  });
  console.log('predict CSV fuzz outcomes', outcomes);
  expect(outcomes.ok).toBeGreaterThan(0);
  expect(outcomes.refused).toBeGreaterThan(0);
});

/** A cell as a person or a program might write one, never holding the CSV's own syntax. */
const cell = fc.oneof(
  fc.constantFrom(...ODD_CELLS.filter((c) => !/[,"\n\r;\t]/.test(c))),
  fc.double().map(String),
  fc.float().map((v) => v.toExponential()),
  fc.string({ unit: fc.constantFrom(...'0123456789.eE+-xXbon_aNIfity ١\u00a0'), maxLength: 12 }),
);

/** The app's import of one cell as a feature: its value, or its refusal's words. */
function imported(text: string): number | string {
  try {
    return parseCsv(`a,b,label\n${text},1,0\n`, { delimiter: ',', labelKind: 'numeric' }).dataset.features[0];
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    expect(e.row).toBe(1);
    return e.reason;
  }
}

it(`reads ${FUZZ_RUNS} cells as the app's CSV import reads them`, async () => {
  await fuzz(cell, (text) => {
    const predicted = readFeatureRows(`${text},1\n`, 2);
    const app = imported(text);
    if (predicted.ok) expect(Math.fround(predicted.rows[0])).toBe(app);
    else expect(predicted.error).toBe(`row 1, column 1: ${app}`);
  });
});

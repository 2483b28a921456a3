/**
 * Fuzz of the app's CSV import (docs/untrusted-input.md, "CSV"): 1,000 seeded mutated CSVs go
 * through the first look (peekCsv) and the import (parseCsv, classes and numeric targets).
 * Nothing is thrown but CsvError; every CsvError names its row or column, or is one of the
 * answers about the file as a whole; every imported value is a float32 number.
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { csvCase } from '../testing/csvMutations';
import { FUZZ_RUNS, fuzz, prototypeNames } from '../testing/fuzz';
import { parseCsv } from './csv';
import { CsvError } from './csvError';
import { peekCsv } from './csvPeek';
import { FLOAT32_MAX } from './numberText';

const WHOLE_FILE =
  /^(empty file|no data rows after the header|a header row of column names is required|the file is over the .* size limit|header: column \d+ has no name|choose at least one feature column|malformed CSV)/;

/** The import's answer: what it read, or its CsvError; anything else thrown fails the case. */
function outcome<T>(read: () => T): T | CsvError {
  try {
    return read();
  } catch (e) {
    if (!(e instanceof CsvError)) throw new Error(`threw ${(e as Error).stack}`);
    if (e.row === undefined && e.column === undefined) expect(e.reason).toMatch(WHOLE_FILE);
    return e;
  }
}

it(`imports ${FUZZ_RUNS} mutated CSVs without a throw but CsvError, each naming its row or column`, async () => {
  const prototype = prototypeNames();
  const outcomes = { imported: 0, refused: 0 };
  await fuzz(
    fc.tuple(csvCase(true), fc.constantFrom('classes', 'numeric') as fc.Arbitrary<'classes' | 'numeric'>),
    ([c, labelKind]) => {
      outcome(() => peekCsv(c.text));
      const read = outcome(() => parseCsv(c.text, { labelKind }));
      if (read instanceof CsvError) {
        outcomes.refused++;
        return;
      }
      outcomes.imported++;
      expect(read.dataset.n).toBeGreaterThan(0);
      for (const v of read.dataset.features) expect(Number.isFinite(v) && Math.abs(v) <= FLOAT32_MAX).toBe(true);
    },
  );
  console.log('CSV import fuzz outcomes', outcomes);
  expect(prototypeNames()).toEqual(prototype);
  expect(outcomes.imported).toBeGreaterThan(0);
  expect(outcomes.refused).toBeGreaterThan(0);
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { parseCsv } from './csv';

const FC_SEED = fcSeed();

/** Every float32 value but NaN and ±Infinity: exactly the numbers a Float32Array can give back. */
const cell = fc.float({ noNaN: true, noDefaultInfinity: true });

/** A number written in one of the ways people and spreadsheets write it. */
const written = fc.tuple(cell, fc.constantFrom('plain', 'exponent', 'padded', 'plus')).map(([value, style]) => {
  const text = style === 'exponent' ? value.toExponential() : String(value);
  if (style === 'padded') return { value, text: ` ${text}\t` };
  if (style === 'plus' && value > 0) return { value, text: `+${text}` };
  return { value, text };
});

const names = fc.uniqueArray(fc.stringMatching(/^[a-z](?:[a-z0-9_ ]{0,10}[a-z0-9_])?$/), {
  minLength: 2,
  maxLength: 6,
});

const table = names.chain((header) =>
  fc.record({
    header: fc.constant(header),
    rows: fc.array(fc.array(written, { minLength: header.length, maxLength: header.length }), {
      minLength: 1,
      maxLength: 30,
    }),
    newline: fc.constantFrom('\n', '\r\n'),
  }),
);

describe('CSV property', () => {
  it('random valid numeric CSVs parse to the same numbers', () => {
    fc.assert(
      fc.property(table, ({ header, rows, newline }) => {
        const text = [header.join(','), ...rows.map((r) => r.map((c) => c.text).join(','))].join(newline) + newline;
        const { dataset } = parseCsv(text, { labelKind: 'numeric' });
        const width = header.length - 1;
        expect(dataset.n).toBe(rows.length);
        expect(dataset.featureNames).toEqual(header.slice(0, -1));
        rows.forEach((row, r) => {
          row.forEach(({ value }, c) => {
            const got = c < width ? dataset.features[r * width + c] : dataset.labels[r];
            expect(got === value || (got === 0 && value === 0)).toBe(true);
          });
        });
      }),
      { seed: FC_SEED, numRuns: 200 },
    );
  });
});

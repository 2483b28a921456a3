/** The CSV writer against the app's CSV reader and the one number grammar (docs/data-export.md). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { readCsvTable } from './csvHeader';
import { csvCell, csvLine, float32Text, float64Text, rawText } from './csvWrite';
import { readNumberText } from './numberText';
import { type FeatureEncoding, prepare } from './preparation';

const FC_SEED = fcSeed();
const float32 = fc.float({ noNaN: true, noDefaultInfinity: true });
const read = (text: string): number => {
  const r = readNumberText(text);
  if (!r.ok) throw new Error(r.reason);
  return r.value;
};

describe('numbers', () => {
  it('a float32 is written as the shortest decimal the grammar reads back to it', () => {
    fc.assert(
      fc.property(fc.oneof(float32, fc.constantFrom(3.4028234663852886e38, -3.4028234663852886e38)), (x) => {
        const text = float32Text(x);
        expect(Math.fround(read(text)) === x, `${x} written ${text}`).toBe(true);
      }),
      { seed: FC_SEED, numRuns: 2000 },
    );
    expect([0.1, 5.1, 255, 1e-45, -3.4028234663852886e38, -0].map((x) => float32Text(Math.fround(x)))).toEqual([
      '0.1',
      '5.1',
      '255',
      '1e-45',
      '-3.402823466e+38',
      '0',
    ]);
  });

  it('a float64 reads back exactly', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -3e38, max: 3e38 }), (x) => {
        expect(read(float64Text(x)) === x).toBe(true);
      }),
      { seed: FC_SEED, numRuns: 1000 },
    );
  });

  it('refuses to write what the grammar refuses to read', () => {
    expect(() => float32Text(Number.NaN)).toThrow('NaN is not a finite number');
    expect(() => float64Text(Number.POSITIVE_INFINITY)).toThrow('Infinity is not a finite number');
  });
});

describe('cells', () => {
  it('quotes a comma, a quote, a line break or spaces at an end, and nothing else', () => {
    expect(['a', 'a b', 'a,b', 'say "hi"', 'two\nlines', ' x', 'x\t', ''].map(csvCell)).toEqual([
      'a',
      'a b',
      '"a,b"',
      '"say ""hi"""',
      '"two\nlines"',
      '" x"',
      '"x\t"',
      '',
    ]);
  });

  it('any cells written as a line (formulas guarded) read back the same through the app’s CSV reader', () => {
    const unit = fc.constantFrom(
      'a',
      'b',
      ',',
      '"',
      '\n',
      '\r',
      ' ',
      ';',
      '\t',
      '|',
      '7',
      '.',
      '=',
      '+',
      '-',
      '@',
      "'",
    );
    const cell = fc.string({ unit });
    const rows = fc
      .integer({ min: 1, max: 5 })
      .chain((width) =>
        fc.array(fc.array(cell, { minLength: width, maxLength: width }), { minLength: 1, maxLength: 8 }),
      );
    fc.assert(
      fc.property(rows, (rows) => {
        const width = rows[0].length;
        const header = Array.from({ length: width }, (_, i) => `c${i}`);
        // a row of one empty cell is a blank line to every CSV reader: keep rows that say something
        const kept = rows.filter((r) => !(width === 1 && r[0].trim() === ''));
        fc.pre(kept.length > 0);
        const text = [csvLine(header), ...kept.map(csvLine), ''].join('\n');
        const table = readCsvTable(text, { delimiter: ',' });
        expect(table.header).toEqual(header);
        expect(table.records.map((r) => r.cells)).toEqual(kept);
      }),
      { seed: FC_SEED, numRuns: 500 },
    );
  });
});

describe('raw values', () => {
  const encoding: fc.Arbitrary<FeatureEncoding> = fc.oneof(
    fc.constant({ kind: 'identity' as const }),
    fc
      .oneof(fc.constant(255), fc.double({ min: 1e-3, max: 1e4, noNaN: true }))
      .map((by) => ({ kind: 'divide' as const, by })),
    fc
      .tuple(fc.double({ min: -1e4, max: 1e4, noNaN: true }), fc.double({ min: 1e-3, max: 1e4, noNaN: true }))
      .map(([m, s]) => ({ kind: 'standardise' as const, mean: [m], std: [s] })),
  );
  const raw = fc.oneof(fc.integer({ min: 0, max: 255 }), fc.float({ min: -1e6, max: 1e6, noNaN: true }));

  it('the written raw value prepares to exactly the value the model was trained on', () => {
    fc.assert(
      fc.property(encoding, raw, (e, x) => {
        const p = { features: ['x'], encoding: e };
        const y = prepare(p, [[x]])[0];
        fc.pre(Number.isFinite(y));
        const text = rawText(e, 0, y);
        expect(prepare(p, [[read(text)]])[0] === y, `${x} → ${y} → ${text}`).toBe(true);
      }),
      { seed: FC_SEED, numRuns: 2000 },
    );
  });

  it('gives back the grey levels of MNIST as whole numbers', () => {
    const e = { kind: 'divide', by: 255 } as const;
    const levels = Array.from({ length: 256 }, (_, v) => v);
    const prepared = prepare({ features: ['p'], encoding: e }, Float64Array.from(levels));
    expect(Array.from(prepared, (y) => rawText(e, 0, y))).toEqual(levels.map(String));
  });

  it('refuses ℤ₂ thresholds, which forget the value', () => {
    expect(() => rawText({ kind: 'thermometer', thresholds: [[0.5]] }, 0, 1)).toThrow('no inverse');
  });
});

/**
 * A shown sum adds up as shown: the printed parts, read back as decimals, sum exactly to the
 * printed total — for any parts, whatever their sizes and signs, and a total computed in float32.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { fixed, showSum, sumText } from './sums';

const seed = fcSeed();

/** A shown number (`−0.028`, `9.0e−7`) as [digits, scale]: it is digits·10^−scale, read exactly. */
function decimal(s: string): [bigint, number] {
  const [mantissa, exponent = '0'] = s.replace(/−/g, '-').split('e');
  const [whole, frac = ''] = mantissa.split('.');
  return [
    BigInt(whole.replace('-', '') + frac) * (mantissa.startsWith('-') ? -1n : 1n),
    frac.length - Number(exponent),
  ];
}

/** Shown numbers at one common scale, as integers. */
function units(shown: readonly string[]): bigint[] {
  const ds = shown.map(decimal);
  const scale = Math.max(...ds.map(([, k]) => k));
  return ds.map(([n, k]) => n * 10n ** BigInt(scale - k));
}

/** Numbers a float32 trace can hold; denormals below 1e−30 are read as the zero they print as. */
const value = fc
  .oneof(
    fc.double({ min: -1e4, max: 1e4, noNaN: true }),
    fc.double({ min: -0.05, max: 0.05, noNaN: true }),
    fc.integer({ min: -999, max: 999 }).map((k) => k / 1000),
    fc.double({ min: -1e-6, max: 1e-6, noNaN: true }),
    fc.constant(0),
  )
  .map((v) => (Math.abs(v) < 1e-30 ? 0 : v));

describe('a shown sum', () => {
  it('adds up exactly at the shown precision (mutant: the total rounded on its own)', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 2, maxLength: 4 }), fc.boolean(), (parts, f32) => {
        const exact = parts.reduce((a, b) => a + b, 0);
        const total = f32 ? Math.fround(exact) : exact;
        const s = showSum(parts, total);
        const [t, ...ps] = units([s.total, ...s.parts]);
        expect(
          ps.reduce((a, b) => a + b, 0n),
          `${s.parts.join(' + ')} = ${s.total}`,
        ).toBe(t);
        // and the shown total is the true one to within a few units of the last place
        // (of the total as computed, or, where float32 rounded it, of the parts' exact sum)
        const t0 = Number(s.total.replace(/−/g, '-'));
        expect(Math.min(Math.abs(t0 - total), Math.abs(t0 - exact))).toBeLessThanOrEqual(
          (parts.length + 1) * 10 ** -s.decimals,
        );
        // every part not zero shows a digit, unless it is far smaller than the largest
        const largest = Math.max(...parts.map(Math.abs), Math.abs(total));
        parts.forEach((v, i) => {
          if (Math.abs(v) > largest * 1e-4) expect(Number(s.parts[i].replace(/−/g, '-')), s.parts[i]).not.toBe(0);
        });
      }),
      { seed, numRuns: 500 },
    );
  });

  it('shows the small part the issue found hidden', () => {
    expect(sumText([8.1e-3, 0.02], 8.1e-3 + 0.02)).toBe('0.008 + 0.020 = 0.028');
    expect(sumText([0.12, -0.4], 0.12 - 0.4)).toBe('0.12 + −0.40 = −0.28');
    expect(sumText([0.125, 0.125], 0.25)).toBe('0.125 + 0.125 = 0.250');
    expect(sumText([0.1, 9e-4], 0.1009)).toBe('0.1000 + 0.0009 = 0.1009');
    expect(sumText([0, 9e-7], 9e-7)).toBe('0 + 9.0e−7 = 9.0e−7');
    expect(sumText([0, 1], 1)).toBe('0 + 1 = 1');
    expect(fixed(-5, 3)).toBe('−0.005');
    expect(fixed(0, 2)).toBe('0.00');
  });
});

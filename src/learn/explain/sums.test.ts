/**
 * A shown sum adds up as shown: the printed parts, read back as decimals, sum exactly to the
 * printed total — for any parts, whatever their sizes and signs, and a total computed in float32.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { fixed, showSum, sumText } from './sums';

const seed = fcSeed();

/** A shown number as an integer count of 10^−d, read digit by digit (no float rounding). */
function units(s: string, d: number): bigint {
  const negative = s.startsWith('−');
  const [whole, frac = ''] = s.replace('−', '').split('.');
  expect(frac.length, s).toBe(d);
  const n = BigInt(whole + frac);
  return negative ? -n : n;
}

const value = fc.oneof(
  fc.double({ min: -1e4, max: 1e4, noNaN: true }),
  fc.double({ min: -0.05, max: 0.05, noNaN: true }),
  fc.integer({ min: -999, max: 999 }).map((k) => k / 1000),
  fc.constant(0),
);

describe('a shown sum', () => {
  it('adds up exactly at the shown precision (mutant: the total rounded on its own)', () => {
    fc.assert(
      fc.property(fc.array(value, { minLength: 2, maxLength: 4 }), fc.boolean(), (parts, f32) => {
        const exact = parts.reduce((a, b) => a + b, 0);
        const total = f32 ? Math.fround(exact) : exact;
        const s = showSum(parts, total);
        const sum = s.parts.reduce((a, p) => a + units(p, s.decimals), 0n);
        expect(sum).toBe(units(s.total, s.decimals));
        // and the shown total is the true one to within a unit of the last place
        expect(Math.abs(Number(units(s.total, s.decimals)) / 10 ** s.decimals - total)).toBeLessThanOrEqual(
          (parts.length + 1) * 10 ** -s.decimals,
        );
      }),
      { seed, numRuns: 500 },
    );
  });

  it('shows the small part the issue found hidden', () => {
    expect(sumText([8.1e-3, 0.02], 8.1e-3 + 0.02)).toBe('0.008 + 0.020 = 0.028');
    expect(sumText([0.12, -0.4], 0.12 - 0.4)).toBe('0.12 + −0.40 = −0.28');
    expect(sumText([0.125, 0.125], 0.25)).toBe('0.125 + 0.125 = 0.250');
    expect(fixed(-5, 3)).toBe('−0.005');
    expect(fixed(0, 2)).toBe('0.00');
  });
});

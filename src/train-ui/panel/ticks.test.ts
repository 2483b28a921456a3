import { describe, expect, it } from 'vitest';
import { tickLabel, tickLabels } from './ticks';

describe('tickLabel', () => {
  it('names a small tick of a log scale by its power, never rounding it to 0', () => {
    expect(tickLabel(1e-4)).toBe('1e-4');
    expect(tickLabel(2e-5)).toBe('2e-5');
    expect(tickLabel(0.01)).toBe('0.01');
    expect(tickLabel(1)).toBe('1');
    expect(tickLabel(0)).toBe('0');
  });
  it('keeps three significant digits of an ordinary tick', () => {
    expect(tickLabel(0.30000000000000004)).toBe('0.3');
    expect(tickLabel(1234.5)).toBe('1230');
    expect(tickLabel(2e5)).toBe('2e+5');
  });
  it('leaves blank the splits a log axis left unlabelled', () => {
    expect(tickLabels(null, [1e-4, null, null, 0.01, null, 1])).toEqual(['1e-4', null, null, '0.01', null, '1']);
  });
});

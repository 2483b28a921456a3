import { describe, expect, it } from 'vitest';
import { majority, multiplexer, parity } from './boolean';
import type { Dataset } from './dataset';

/** Each row's bits, checked to be exactly the binary expansion of the row number. */
function rows(ds: Dataset): number[][] {
  const n = ds.featureShape[0];
  expect(ds.n).toBe(2 ** n);
  return Array.from({ length: ds.n }, (_, i) => {
    const bits = [...ds.features.subarray(i * n, (i + 1) * n)];
    expect(bits.reduce((v, b) => 2 * v + b, 0)).toBe(i);
    return bits;
  });
}

describe('Boolean functions', () => {
  it.each([1, 2, 3, 5, 8, 12])('parity of %i bits is right on every row', (n) => {
    const ds = parity(n);
    rows(ds).forEach((bits, i) => {
      expect(ds.labels[i]).toBe(bits.filter(Boolean).length % 2);
    });
  });

  it.each([1, 3, 4, 7])('majority of %i bits is right on every row (ties are 0)', (n) => {
    const ds = majority(n);
    rows(ds).forEach((bits, i) => {
      const ones = bits.filter(Boolean).length;
      expect(ds.labels[i]).toBe(ones > n - ones ? 1 : 0);
    });
  });

  it.each([1, 2, 3])('the multiplexer with %i address bits selects the addressed data bit', (k) => {
    const ds = multiplexer(k);
    expect(ds.featureShape).toEqual([k + 2 ** k]);
    rows(ds).forEach((bits, i) => {
      const address = Number.parseInt(bits.slice(0, k).join(''), 2);
      expect(ds.labels[i]).toBe(bits[k + address]);
    });
  });

  it('keeps everything in {0, 1} and marks the task boolean', () => {
    for (const ds of [parity(6), majority(5), multiplexer(2)]) {
      expect(ds.task).toBe('boolean');
      expect(ds.labelShape).toEqual([1]);
      for (const v of [...ds.features, ...ds.labels]) expect(v === 0 || v === 1).toBe(true);
    }
  });

  it('caps n at 16 and refuses nonsense', () => {
    expect(parity(16).n).toBe(65536);
    expect(() => parity(17)).toThrow(/17 input bits/);
    expect(() => majority(0)).toThrow(/input bits/);
    expect(() => multiplexer(4)).toThrow(/4 address bits/);
  });
});

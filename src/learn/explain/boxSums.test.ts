import { describe, expect, it } from 'vitest';
import { getLoss } from '../losses/index';
import { forwardSum, linearChangeSum, lossSum } from './boxSums';

describe('the sums a box caption states', () => {
  it('print an add at one precision, so the issue’s 8.1e−3 + 0.02 = 0.02 reads as it adds', () => {
    expect(
      forwardSum(
        'add',
        [
          [0.0081, 1],
          [0.02, 1],
        ],
        [0.0281, 2],
      ),
    ).toBe('y₀ = a₀ + b₀ = 0.008 + 0.020 = 0.028');
    expect(forwardSum('bias', [[0.5], [0.25]], [0.75])).toBe('y = x + b = 0.25 + 0.50 = 0.75');
  });

  it('write a linear box’s first output and first input change as their products', () => {
    // W is in×out = 2×3, row-major: W₀₀ = 1, W₁₀ = 4
    const w = [1, 2, 3, 4, 5, 6];
    expect(forwardSum('linear', [w, [0.5, 0.25]], [1.5, 2.25, 3])).toBe('y₀ = x₀·W₀₀ + x₁·W₁₀ = 0.50 + 1.00 = 1.50');
    expect(linearChangeSum(w, [0.1, 0.2, 0.3], [1.4, 3.2])).toBe(
      'x′₀ = d₀·W₀₀ + d₁·W₀₁ + d₂·W₀₂ = 0.10 + 0.40 + 0.90 = 1.40',
    );
  });

  it('write a loss as its terms, and nothing where the sum is too long to read', () => {
    const { term } = getLoss('mse').textbook;
    if (!term) throw new Error('mse has terms');
    expect(lossSum(term, [1, 0], [0, 0.5], 0.625)).toBe('l = 0.50 + 0.13 = 0.63, one term ½(ŷᵢ − yᵢ)² per output');
    expect(lossSum(term, [1, 0, 0, 0, 0], [0, 0, 0, 0, 0], 0.5)).toBeUndefined();
    expect(lossSum(term, [1, 0], [0, 0.5], 0.9)).toBeUndefined();
    expect(forwardSum('linear', [new Array(16).fill(1), new Array(16).fill(1)], [16])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { firstBatch, MAX_GRID_COLUMNS, summarise } from './boxOutput';

describe('a box output, summarised for its hover card', () => {
  it('keeps min, mean and max of every value and averages columns into the grid', () => {
    const data = Float32Array.from({ length: 3 * 96 }, (_, i) => (i % 96) - (i >= 96 ? 100 : 0));
    const s = summarise('lin1', { shape: [3, 96], data }, 7);
    expect(s).toMatchObject({ box: 'lin1', rows: 3, min: -100, max: 95, step: 7, gridRows: 3 });
    expect(s.gridColumns).toBe(MAX_GRID_COLUMNS);
    expect(s.mean).toBeCloseTo(data.reduce((a, b) => a + b, 0) / data.length, 6);
    // 96 columns into 48 cells: each cell the mean of two neighbours.
    expect(s.grid[0]).toBe(0.5);
    expect(s.grid[47]).toBe(94.5);
    expect(s.grid[48]).toBe(-99.5);
  });

  it('keeps a narrow output as it is, and takes the first batch of rows', () => {
    const s = summarise('b', { shape: [2, 2], data: Float32Array.of(1, 2, 3, 4) }, 0);
    expect(Array.from(s.grid)).toEqual([1, 2, 3, 4]);
    const rows = Float32Array.from({ length: 10 }, (_, i) => i);
    expect(Array.from(firstBatch(rows, 2, 3))).toEqual([0, 1, 2, 3, 4, 5]);
    expect(firstBatch(rows, 2, 99)).toHaveLength(10);
  });
});

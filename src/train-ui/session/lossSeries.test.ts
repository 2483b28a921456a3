import { describe, expect, it } from 'vitest';
import { LossSeries } from './lossSeries';

describe('the loss series', () => {
  it('keeps every step, growing past its first size', () => {
    const s = new LossSeries();
    s.append(
      1,
      Float32Array.from({ length: 3000 }, (_, i) => i),
    );
    s.append(3001, [5, 6]);
    const [x, y] = s.columns();
    expect(x.length).toBe(3002);
    expect([x[0], y[0], x[3001], y[3001]]).toEqual([1, 0, 3002, 6]);
  });

  it('thins to at most the buckets asked for, each the mean of its steps', () => {
    const s = new LossSeries();
    s.append(1, [1, 3, 5, 7, 9, 11]);
    expect(s.thinned(10)[1].length).toBe(6);
    const [x, y] = s.thinned(3);
    expect(Array.from(x)).toEqual([1.5, 3.5, 5.5]);
    expect(Array.from(y)).toEqual([2, 6, 10]);
  });
});

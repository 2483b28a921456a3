import { describe, expect, it } from 'vitest';
import type { EpochMetrics } from '../../learn/trainerTypes';
import { epochColumns, epochParts } from './epochSeries';

const epoch = (i: number): EpochMetrics =>
  ({
    epoch: i,
    engine: 'typed-float32',
    steps: 1,
    stepsPerSecond: 1,
    running: { loss: 10 + i, accuracy: 0.5 },
    train: i % 2 ? { loss: i, accuracy: 0.9 } : null,
    test: null,
  }) as EpochMetrics;

describe('the per-epoch chart columns', () => {
  it('draws every epoch while they fit, the whole sets where measured, the running figures otherwise', () => {
    const cols = epochColumns([0, 1, 2].map(epoch), 10);
    expect(cols[0]).toEqual([1, 2, 3]);
    expect(cols[1]).toEqual([10, 1, 12]);
    expect(cols[2]).toEqual([null, null, null]);
    expect(cols[3]).toEqual([0.5, 0.9, 0.5]);
  });

  it('keeps at most `points` evenly spread epochs, always the last', () => {
    const all = Array.from({ length: 10_001 }, (_, i) => epoch(i));
    const [x] = epochColumns(all, 1200);
    expect(x.length).toBeLessThanOrEqual(1200);
    expect(x.length).toBeGreaterThan(1000);
    expect(x.at(-1)).toBe(10_001);
    const gaps = new Set(x.slice(1).map((v, i) => v - x[i]));
    expect(gaps.size).toBe(1);
  });

  it('is empty before the first epoch', () => {
    expect(epochColumns([], 100)).toEqual([[], [], [], [], []]);
  });

  it('draws an accuracy axis only for a run with an accuracy, and test lines only with a test set', () => {
    expect(epochParts([])).toEqual({ test: false, accuracy: false });
    // a regression: no axis of 0 to 1 beside its loss
    const curve = { ...epoch(0), running: { loss: 1, accuracy: null }, train: { loss: 1, accuracy: null } };
    expect(epochParts([{ ...curve, test: { loss: 2, accuracy: null } } as EpochMetrics])).toEqual({
      test: true,
      accuracy: false,
    });
    expect(epochParts([epoch(0), epoch(1)])).toEqual({ test: false, accuracy: true });
  });
});

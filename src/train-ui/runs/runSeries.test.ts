/** The overlay's columns: runs of different lengths share one x, each run's points where it has them. */
import { describe, expect, it } from 'vitest';
import type { EpochMetrics } from '../../learn/trainerTypes';
import { overlayColumns } from './runSeries';

const epoch = (e: number, loss: number, accuracy: number | null): EpochMetrics => ({
  epoch: e,
  engine: 'typed-float32',
  steps: 1,
  stepsPerSecond: 1,
  running: { loss: 9, accuracy: null, n: 1, confusion: null },
  train: { loss, accuracy, n: 1, confusion: null },
  test: null,
});

describe('the overlay columns', () => {
  it('align runs of different lengths on one epoch axis', () => {
    const a = [epoch(0, 1, 0.5), epoch(1, 0.5, 0.75)];
    const b = [epoch(0, 2, null), epoch(1, 1.5, null), epoch(2, 1, null)];
    expect(overlayColumns([a, b], 100)).toEqual([
      [1, 2, 3],
      [1, 0.5, null],
      [0.5, 0.75, null],
      [2, 1.5, 1],
      [null, null, null],
    ]);
  });

  it('has only the x column with no run chosen', () => {
    expect(overlayColumns([], 100)).toEqual([[]]);
  });
});

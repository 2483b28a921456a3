import { describe, expect, it } from 'vitest';
import type { EpochMetrics } from '../../learn/trainerTypes';
import { lossWords, testFigure } from './figureWords';

const m = (loss: number, accuracy: number | null = null) => ({ loss, accuracy, n: 100, confusion: null });

const epoch = (i: number, test: ReturnType<typeof m> | null): EpochMetrics => ({
  epoch: i,
  engine: 'typed-float32',
  steps: 9000,
  stepsPerSecond: 300,
  running: m(0.5),
  train: m(0.2),
  test,
});

describe('what each figure of the panel measures', () => {
  it('names the loss and accuracy as a batch’s or the training set’s, and says nothing of no figure', () => {
    expect(lossWords({ loss: 0.3, lossOf: 'batch' })).toBe('batch');
    expect(lossWords({ loss: 0.3, lossOf: 'training set' })).toBe('train set');
    expect(lossWords({ loss: null, lossOf: null })).toBeNull();
  });

  it('gives the test figure of the last ended epoch with that epoch, counted from 1', () => {
    // MNIST paused in its second epoch: the test set was last measured at the end of the first
    const figure = testFigure({ epochs: [epoch(0, m(0.1055, 0.883))], measured: null });
    expect(figure).toEqual({ metrics: m(0.1055, 0.883), when: 'after epoch 1' });
  });

  it('gives an opened model’s test figure with the step it was measured at, until an epoch ends', () => {
    const measured = { train: m(0.2), test: m(0.3, 0.9), step: 12_000 };
    expect(testFigure({ epochs: [], measured })).toEqual({ metrics: m(0.3, 0.9), when: 'at step 12,000' });
    expect(testFigure({ epochs: [epoch(4, m(0.25, 0.91))], measured })?.when).toBe('after epoch 5');
    expect(testFigure({ epochs: [epoch(4, null)], measured: { ...measured, test: null } })).toBeNull();
  });
});

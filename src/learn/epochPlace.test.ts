/** Where kept weights stand in their run's epochs (docs/model-format.md, `trainingConfig`). */
import { describe, expect, it } from 'vitest';
import { batchesTaken } from './epochPlace';

describe('the batches of the next epoch already taken', () => {
  it('counts the steps past the last whole epoch', () => {
    // 4 batches an epoch: 2 epochs done and 3 steps into the third
    expect(batchesTaken(11, 2, 4)).toBe(3);
    expect(batchesTaken(9, 2, 4)).toBe(1);
  });

  it('is 0 at an epoch boundary, before the first step, and at the run start', () => {
    expect(batchesTaken(8, 2, 4), 'two whole epochs').toBe(0);
    expect(batchesTaken(0, 0, 4)).toBe(0);
  });

  it('is 0 where the count reaches a whole epoch not yet counted (a finished epoch is not resumed into)', () => {
    expect(batchesTaken(12, 2, 4), 'three whole epochs of steps, two counted').toBe(0);
    expect(batchesTaken(13, 2, 4), 'more than an epoch past: no place in the next epoch').toBe(0);
  });

  it('is 0 when fewer steps are given than the epochs counted (no negative place)', () => {
    expect(batchesTaken(7, 2, 4)).toBe(0);
  });

  it('takes one batch an epoch as always at a boundary', () => {
    expect(batchesTaken(5, 5, 1)).toBe(0);
    expect(batchesTaken(5, 4, 1)).toBe(0);
  });
});

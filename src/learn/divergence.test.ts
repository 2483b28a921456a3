import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { DIVERGENCE_FACTOR, DivergenceWatch, epochLoss, findDivergence } from './divergence';

const seed = fcSeed();
const run = (losses: readonly number[]) => losses.map((loss, epoch) => ({ epoch, loss }));

describe('findDivergence', () => {
  it('names the epoch whose loss blew up against the first step, as Adam at ε = 1e30 does on XOR', () => {
    // The loss of XOR at the first step, then the epochs of that run (npm run train --lr 1e30).
    const d = findDivergence(0.71, run([4.83e29, 4.38e29, 1.65e30]));
    expect(d).toMatchObject({ epoch: 0, loss: 4.83e29, best: 0.71, bestEpoch: null });
    expect(d?.message).toBe(
      'the loss diverges: 4.83e+29 in epoch 1, 6.80e+29 times the 0.710 at the first step; the learning rate is likely too large',
    );
  });

  it('compares with the lowest loss before the epoch, not the last one', () => {
    const d = findDivergence(null, run([1, 0.5, 0.04, 0.3, 3.9, 4.1]));
    expect(d).toMatchObject({ epoch: 5, best: 0.04, bestEpoch: 2 });
  });

  it('says nothing of Adam spiking near a minimum, back under the loss the run started from', () => {
    // XOR on Adam, as a resumed run saw it: 1.1e-4 in epoch 232, 0.563 in epoch 234
    expect(findDivergence(0.69, run([0.3, 0.01, 1.1e-4, 2e-4, 0.563, 0.02]))).toBeNull();
    expect(findDivergence(0.69, run([0.3, 0.01, 1.1e-4, 70]))).toMatchObject({ epoch: 3, best: 0.69, bestEpoch: null });
  });

  it('says nothing of a loss that falls, wobbles, or grows less than the factor', () => {
    expect(findDivergence(2, run([1, 0.5, 0.7, 0.2, 0.6, 19.9]))).toBeNull();
    expect(findDivergence(0.2, run([DIVERGENCE_FACTOR * 0.2]))).toBeNull();
  });

  it('leaves non-finite losses to the guard and compares only positive losses', () => {
    expect(findDivergence(Number.NaN, run([Number.POSITIVE_INFINITY, 1, Number.NaN, 2]))).toBeNull();
    // A dream's loss (a negated score) may be zero or negative: no ratio is taken against it.
    expect(findDivergence(0, run([-3, -1, 0, 5]))).toBeNull();
    expect(findDivergence(0, run([-3, 0.01, 5]))).toMatchObject({ epoch: 2, best: 0.01 });
  });

  it('is the loss a watch reports, epoch by epoch, only once', () => {
    const watch = new DivergenceWatch();
    watch.first(0.5);
    expect(watch.epoch(0, 0.4)).toBeNull();
    expect(watch.epoch(1, 41)).toBeNull(); // under 100 × the first step's 0.5
    expect(watch.epoch(1, 51)).toMatchObject({ epoch: 1, best: 0.5, bestEpoch: null });
    expect(watch.epoch(2, 1e9)).toBeNull();
    expect(watch.divergence).toMatchObject({ epoch: 1 });
  });

  it("judges an epoch by the whole set's loss when it was measured, else by the running mean", () => {
    const m = (loss: number) => ({ loss, accuracy: null });
    expect(epochLoss({ running: m(3), train: m(2) })).toBe(2);
    expect(epochLoss({ running: m(3), train: null })).toBe(3);
  });

  it('a run whose every epoch stays within the factor of every earlier one never diverges; ×factor beyond the least does', () => {
    const positive = fc.double({ min: 1e-6, max: 1e6, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(positive, { minLength: 1, maxLength: 30 }),
        fc.double({ min: 1.01, max: 1e6, noNaN: true }),
        (losses, k) => {
          const least = Math.min(...losses);
          const bounded = losses.map((l) => Math.min(l, least * DIVERGENCE_FACTOR));
          expect(findDivergence(null, run(bounded))).toBeNull();
          const d = findDivergence(null, run([...losses, least * DIVERGENCE_FACTOR * k]));
          expect(d).not.toBeNull();
          expect(d?.epoch).toBeLessThanOrEqual(losses.length);
        },
      ),
      { seed, numRuns: 300 },
    );
  });
});

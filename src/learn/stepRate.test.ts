/**
 * Steps per second are measured over at least half a second of training time, never over one
 * short epoch: an Iris epoch of 150 steps in 0.4 ms of a 0.1 ms clock once read 375,000 a second.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { RATE_WINDOW_MS, rateOver, StepRate } from './stepRate';

const seed = fcSeed();

/** Increasing times: the gaps between two asks, in ms. */
const gaps = fc.array(fc.double({ min: 0.01, max: 300, noNaN: true }), { minLength: 1, maxLength: 200 });

describe('steps per second', () => {
  it('is not stated before half a second of training, however many steps it holds', () => {
    const rate = new StepRate();
    // Iris's epochs of 150 steps, 0.4 ms each as a worker's clock reads them
    for (let epoch = 1; epoch * 0.4 < RATE_WINDOW_MS; epoch++) expect(rate.at(150 * epoch, 0.4 * epoch)).toBeNull();
    expect(rateOver(60_000, 499.9)).toBeNull();
    expect(rateOver(60_000, 4010)).toBeCloseTo(14_963, 0);
  });

  it('at a steady pace reads that pace once the run has trained half a second, whenever it is asked', () => {
    fc.assert(
      fc.property(gaps, fc.double({ min: 1, max: 1e6, noNaN: true }), (between, perSecond) => {
        const rate = new StepRate();
        let ms = 0;
        for (const gap of between) {
          ms += gap;
          const read = rate.at((perSecond * ms) / 1000, ms);
          if (ms < RATE_WINDOW_MS) expect(read).toBeNull();
          else expect(read).toBeCloseTo(perSecond, 6 - Math.ceil(Math.log10(perSecond)));
        }
      }),
      { seed, numRuns: 300 },
    );
  });

  it('forgets an earlier pace: a window later, it reads the pace of the last half second alone', () => {
    fc.assert(
      fc.property(gaps, gaps, (before, after) => {
        const rate = new StepRate();
        let ms = 0;
        let steps = 0;
        // 1,000 steps a second, then 10 a second
        for (const gap of before) {
          steps += gap;
          ms += gap;
          rate.at(steps, ms);
        }
        const changed = ms;
        const largest = Math.max(...after);
        for (const gap of after) {
          steps += gap / 100;
          ms += gap;
          const read = rate.at(steps, ms);
          // the window starts at the last mark at least RATE_WINDOW_MS back, and marks are less
          // than an eighth of a window and the longest gap between two asks apart
          if (ms - changed >= RATE_WINDOW_MS * (1 + 1 / 8) + largest) expect(read).toBeCloseTo(10, 6);
        }
      }),
      { seed, numRuns: 300 },
    );
  });

  it('is never more steps than the run took in half a second', () => {
    fc.assert(
      fc.property(gaps, fc.array(fc.nat(10_000), { minLength: 200, maxLength: 200 }), (between, taken) => {
        const rate = new StepRate();
        let ms = 0;
        let steps = 0;
        between.forEach((gap, i) => {
          steps += taken[i];
          ms += gap;
          const read = rate.at(steps, ms);
          if (read !== null) expect(read * (RATE_WINDOW_MS / 1000)).toBeLessThanOrEqual(steps * (1 + 1e-9));
        });
      }),
      { seed, numRuns: 300 },
    );
  });
});

/**
 * Steps per second as the panel and `npm run train` state it (docs/training-panel.md, "Steps
 * per second"): steps counted by the trainer over at least RATE_WINDOW_MS of its own training
 * time (./trainClock, less the measuring of the whole sets at epochs' ends: ./trainerLoop),
 * never over a shorter stretch. An epoch of Iris in batches of one takes a
 * few tenths of a millisecond, a few ticks of a worker's clock (0.1 ms without cross-origin
 * isolation): its 150 steps over its own time read 300,000, 375,000 or 500,000 a second. Until
 * a run has trained that long there is no rate to state: null.
 */

/** The least training time a rate is measured over, ms. */
export const RATE_WINDOW_MS = 500;

/** `steps` taken in `ms` of training, per second; null when `ms` is too short to tell. */
export function rateOver(steps: number, ms: number): number | null {
  return ms >= RATE_WINDOW_MS ? (1000 * steps) / ms : null;
}

interface Mark {
  readonly steps: number;
  readonly ms: number;
}

/**
 * The rate over the latest window: from the last mark at least RATE_WINDOW_MS of training before
 * now, to now. Marks are kept at most an eighth of a window apart, so a run asked at every
 * epoch's end (XOR ends ~900 a second) keeps about ten, and the window is at most an eighth
 * longer than RATE_WINDOW_MS, or the time between two asks when they come further apart.
 */
export class StepRate {
  /** Oldest first; the first is the start of the window. The run begins at 0 steps, 0 ms. */
  private marks: Mark[] = [{ steps: 0, ms: 0 }];

  /** `steps` taken by `ms` of training (both counted from the run's start): the rate now, or null. */
  at(steps: number, ms: number): number | null {
    while (this.marks.length > 1 && ms - this.marks[1].ms >= RATE_WINDOW_MS) this.marks.shift();
    const from = this.marks[0];
    const last = this.marks[this.marks.length - 1];
    if (ms - last.ms >= RATE_WINDOW_MS / 8) this.marks.push({ steps, ms });
    return rateOver(steps - from.steps, ms - from.ms);
  }
}

/**
 * The fuzz runs of the readers of untrusted text (docs/untrusted-input.md): 1,000 seeded cases
 * a run, the seed printed (FC_SEED replays it), and a bound on each single case so that a
 * reader that stalls fails that case instead of hanging the suite. The bound is far above any
 * case's cost: it says "this never ends", not "this is slow". It interrupts what awaits (a
 * stream, a promise); a synchronous endless loop cannot be stopped from inside its thread.
 */
import fc from 'fast-check';
import { fcSeed } from './seed';

export const FUZZ_RUNS = 1000;
/** Per case, in milliseconds. */
export const CASE_BOUND = 10_000;

export async function fuzz<T>(arbitrary: fc.Arbitrary<T>, check: (value: T) => unknown): Promise<void> {
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      await check(value);
    }),
    { seed: fcSeed(), numRuns: FUZZ_RUNS, timeout: CASE_BOUND },
  );
}

/** Names of what Object.prototype holds, to see that no input reached it. */
export const prototypeNames = (): string[] => Object.getOwnPropertyNames(Object.prototype).sort();

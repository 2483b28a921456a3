/**
 * A run's seconds and steps per second count training time only: neither the time it stood
 * paused nor the time before its first step. The checks compare against the pause the test
 * measured itself, never against a speed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Dataset } from '../data/dataset';
import { denseModel } from '../testing/models';
import { when, xorTable } from '../testing/xorTable';
import { createTrainer, type EpochMetrics } from './trainer';

const make = () =>
  createTrainer(denseModel(2, [{ units: 1 }]), xorTable(), {
    epochs: 100,
    batchSize: 1,
    seed: 3,
    engine: 'typed',
    optimiser: { kind: 'gd', learningRate: 0.01 },
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The seconds an epoch's steps took, as its steps per second say. */
const secondsOf = (epochs: readonly EpochMetrics[]) =>
  epochs.reduce((sum, e) => sum + (e.stepsPerSecond > 0 ? e.steps / e.stepsPerSecond : 0), 0);

afterEach(() => vi.restoreAllMocks());

describe('training time', () => {
  it('leaves out a pause in the middle of the run (mutant: the clock runs while parked)', async () => {
    const t = make();
    const epochs: EpochMetrics[] = [];
    t.onEpoch((m) => epochs.push(m));
    t.onStep((m) => m.step === 150 && t.pause());
    const begun = performance.now();
    const done = t.run();
    await when(t.onStatus.bind(t), (s) => s.status === 'paused');
    const parked = performance.now();
    await sleep(300);
    const paused = performance.now() - parked;
    t.resume();
    const result = await done;
    const wall = performance.now() - begun;
    expect(result.status).toBe('done');
    expect(result.seconds * 1000).toBeLessThanOrEqual(wall - paused);
    expect(secondsOf(epochs) * 1000).toBeLessThanOrEqual(wall - paused);
  });

  it('starts at the first step, not at run() (mutant: a run started paused counts its wait)', async () => {
    const t = make();
    t.pause();
    const done = t.run();
    await sleep(300);
    const begun = performance.now();
    t.resume();
    const result = await done;
    expect(result.seconds * 1000).toBeLessThanOrEqual(performance.now() - begun);
  });

  it("leaves the measuring of the whole sets at an epoch's end out of the steps per second", async () => {
    // A clock that moves 1 ms a look, and a measuring that takes a second of it: with that second
    // in the window, the last half second before an epoch's end held no step at all.
    let clock = 0;
    vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    const t = make();
    const measure = t.evaluate.bind(t);
    t.evaluate = (ds: Dataset) => {
      clock += 1000;
      return measure(ds);
    };
    const rates: (number | null)[] = [];
    t.onEpoch(() => rates.push(t.stepsPerSecond()));
    await t.run();
    // each step takes a few looks of the clock: some hundreds of steps a second of stepping,
    // where with the measuring's second in its window the rate read 4
    expect(rates.at(-1)).toBeGreaterThan(100);
    expect(rates.at(-1)).toBeLessThanOrEqual(1000);
  });
});

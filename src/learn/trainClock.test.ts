/**
 * A run's seconds and steps per second count training time only: neither the time it stood
 * paused nor the time before its first step. The checks compare against the pause the test
 * measured itself, never against a speed.
 */
import { describe, expect, it } from 'vitest';
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
});

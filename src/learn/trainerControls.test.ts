/**
 * The controls, driven by the trainer's own events (no sleeps, no bound on speed): pause, one
 * step, resume and stop act between steps and say so when they have. Each case names the
 * mutant or the bug it catches.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { denseModel } from '../testing/models';
import { when, xorTable } from '../testing/xorTable';
import type { TrainerSettings } from './settings';
import { createTrainer, type StepMetrics, type Trainer } from './trainer';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** One dense unit on XOR's four rows; `more` changes the settings a case needs. */
const make = (engine: 'typed' | 'tfjs' = 'typed', more: Partial<TrainerSettings> = {}) =>
  createTrainer(denseModel(2, [{ units: 1 }]), xorTable(), {
    epochs: 1000,
    batchSize: 1,
    seed: 3,
    engine,
    optimiser: { kind: 'gd', learningRate: 0.01 },
    ...more,
  });

const steps = (t: Trainer) => {
  const seen: StepMetrics[] = [];
  t.onStep((m) => seen.push(m));
  return seen;
};
const parkedAt = (t: Trainer, step: number) =>
  when(t.onStatus.bind(t), (s) => s.status === 'paused' && s.step === step);
const stepped = (t: Trainer, step: number) => when(t.onStep.bind(t), (m) => m.step === step);

describe('trainer controls', () => {
  it('pause, one step, resume and stop act between steps, and their status says so', async () => {
    // Catches the mutant "stepOnce is ignored while paused" and "resume does not wake the loop".
    const trainer = make();
    const seen = steps(trainer);
    trainer.onStep((m) => m.step === 5 && trainer.pause());
    const done = trainer.run();
    expect((await parkedAt(trainer, 5)).step).toBe(seen.length);
    trainer.stepOnce();
    await parkedAt(trainer, 6);
    expect(seen.length).toBe(6);
    trainer.resume();
    await stepped(trainer, 20);
    trainer.stop();
    const result = await done;
    expect(result.status).toBe('stopped');
    expect(result.steps).toBe(seen.length);
    expect(seen.map((m) => m.step)).toEqual(seen.map((_, i) => i + 1));
  });

  it('stepOnce() right after run() on a paused trainer takes one step, and the next one one more', async () => {
    // The bug: the first stepOnce arrived while run() awaited its flush and was lost (0 steps),
    // and the second then took 2. Both awaits below hung.
    const trainer = make();
    trainer.pause();
    const done = trainer.run();
    trainer.stepOnce();
    await stepped(trainer, 1);
    trainer.stepOnce();
    await stepped(trainer, 2);
    await parkedAt(trainer, 2);
    trainer.stop();
    expect((await done).steps).toBe(2);
  });

  it('stop() after a traced step while paused ends run()', async () => {
    // The bug: the stop came while run() awaited its flush before sleeping, and run() never ended.
    const trainer = make();
    trainer.pause();
    const done = trainer.run();
    const traced = trainer.traceNextStep();
    trainer.stepOnce();
    expect((await traced).step).toBe(1);
    trainer.stop();
    const result = await done;
    expect(result.status).toBe('stopped');
    expect(result.steps).toBe(1);
  });

  it('on tfjs, every step before a pause is reported when the pause is', async () => {
    // Catches the mutant "no flush before parking" (trainerLoop.ts park): on tfjs the last steps'
    // outputs would still wait on the device, and the metrics would lag the status.
    const tensors = tf.memory().numTensors;
    const trainer = make('tfjs');
    const seen = steps(trainer);
    trainer.pause();
    const done = trainer.run();
    for (const k of [1, 2, 3]) {
      trainer.stepOnce();
      await parkedAt(trainer, k);
      expect(seen.length).toBe(k);
    }
    trainer.resume();
    const later = await stepped(trainer, 40);
    trainer.pause();
    const parked = await when(trainer.onStatus.bind(trainer), (s) => s.status === 'paused');
    expect(parked.step).toBeGreaterThanOrEqual(later.step);
    expect(seen.length).toBe(parked.step);
    trainer.stop();
    await done;
    trainer.dispose();
    expect(tf.memory().numTensors).toBe(tensors);
  });

  it('weights() after dispose() on tfjs are the last weights', async () => {
    // The bug: the runner's tensors were gone and weights() threw "undefined is not iterable".
    const trainer = make('tfjs', { epochs: 2, batchSize: 2, optimiser: { kind: 'adam', learningRate: 0.1 } });
    await trainer.run();
    const last = trainer.weights();
    trainer.dispose();
    expect(trainer.weights()).toEqual(last);
    expect(() => trainer.evaluate(trainer.train)).toThrow(/disposed/);
  });

  it('hears a timer during a run of many short epochs (the yield clock runs across epochs)', async () => {
    // Catches "the ~10 ms yield clock restarts each epoch": with epochs shorter than 10 ms the
    // loop then never gave the event loop a turn, and a worker could not hear Pause or Stop.
    const trainer = make('typed', { epochs: 2e5, batchSize: 4, evaluateEachEpoch: false, yieldEveryMs: 10 });
    // A clock that moves 1 ms each time it is read: each epoch here is a few "ms", never 10, so
    // only a clock that runs across epochs ever owes the event loop a turn.
    let clock = 0;
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    let heard = -1;
    trainer.onEpoch((m) => {
      if (m.epoch === 0) setTimeout(() => trainer.stop(), 0);
      heard = m.epoch;
    });
    const result = await trainer.run().finally(() => now.mockRestore());
    expect(result.status).toBe('stopped');
    expect(heard).toBeGreaterThan(0);
    expect(result.epochs).toBeLessThan(2e5);
  });

  it('making way (the page draws a gesture) sleeps at the yields and takes the very same steps', async () => {
    // Catches "make-way skips or repeats steps" and "make-way never sleeps" (then it gives the
    // page's frames nothing). A clock that moves 1 ms a read makes every few steps a burst.
    const settings = { epochs: 30, batchSize: 4, evaluateEachEpoch: false } as const;
    const full = make('typed', settings);
    await full.run();
    const paced = make('typed', settings);
    const sleeps: number[] = [];
    const timer = globalThis.setTimeout;
    const spy = vi.spyOn(globalThis, 'setTimeout').mockImplementation(((f: () => void, ms?: number) => {
      if (ms) sleeps.push(ms);
      return timer(f, 0);
    }) as typeof setTimeout);
    let clock = performance.now(); // the loop's yield clock started at the trainer's creation
    const now = vi.spyOn(performance, 'now').mockImplementation(() => (clock += 1));
    paced.makeWay(true);
    const result = await paced.run().finally(() => {
      now.mockRestore();
      spy.mockRestore();
    });
    expect(result.status).toBe('done');
    expect(result.steps).toBe(30);
    expect(sleeps.length).toBeGreaterThan(0);
    expect(paced.weights().map((w) => Array.from(w))).toEqual(full.weights().map((w) => Array.from(w)));
  });
});

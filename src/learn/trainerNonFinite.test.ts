/**
 * NaN and ±∞: the trainer stops within 10 steps of the first step that computed one, names the
 * box that did, and rolls the weights back to the last finite step — on both engines. Each case
 * names the mutant it catches.
 */
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeDataset } from '../data/dataset';
import { denseModel } from '../testing/models';
import { when, xorTable } from '../testing/xorTable';
import { FiniteGuard } from './guard';
import type { Kept, StepRunner } from './runners/types';
import { openSession } from './session';
import { createTrainer, type StepMetrics } from './trainer';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const xor = JSON.parse(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8'));
/** The XOR example with plain gradient descent: at ε = 1e30 a backward pass overflows at step 2. */
const exploding = {
  ...xor,
  boxes: xor.boxes.map((b: { generator: string }) =>
    b.generator === 'optimiser' ? { ...b, config: { kind: 'gd' } } : b,
  ),
};
const settings = (engine: 'typed' | 'tfjs', epochs = 3) => ({ engine, epochs, optimiser: { learningRate: 1e30 } });

describe('a loss or value that is not finite', () => {
  for (const engine of ['typed', 'tfjs'] as const) {
    it(`stops within 10 steps, names the box and rolls back (${engine})`, async () => {
      // Catches "no rollback" (the weights would hold ±∞ or NaN), "rolled back one step too
      // far or too short" (compared with a run stopped right there), and on tfjs "read back
      // every 32 steps" (the steps seen would run past the bound). On tfjs nothing kept for the
      // rollback outlives the trainers.
      const tensors = tf.memory().numTensors;
      const { trainer, document } = await openSession({ document: exploding, settings: settings(engine) });
      const seen: StepMetrics[] = [];
      trainer.onStep((m) => seen.push(m));
      const result = await trainer.run();
      const failure = result.failure;
      expect(result.status).toBe('failed');
      expect(trainer.status).toBe('failed');
      if (!failure) throw new Error('no failure reported');
      expect(seen.length - failure.step).toBeLessThanOrEqual(10);
      expect(seen.slice(0, failure.step - 1).every((m) => Number.isFinite(m.loss))).toBe(true);
      expect(failure.rolledBackTo).toBe(failure.step - 1);
      expect(result.steps).toBe(failure.rolledBackTo);
      const box = document.boxes.find((b) => b.id === failure.box);
      expect(failure.boxName).toBe(`'${box?.label}' (${box?.id})`);
      expect(failure.message).toContain(failure.boxName);
      const weights = trainer.weights();
      expect(weights.every((w) => w.every(Number.isFinite))).toBe(true);

      // The same run taken exactly that far by single steps (on tfjs, step metrics come late).
      const again = (await openSession({ document: exploding, settings: settings(engine) })).trainer;
      again.pause();
      const ran = again.run();
      for (let k = 1; k <= failure.rolledBackTo; k++) {
        const parked = when(again.onStatus.bind(again), (st) => st.status === 'paused' && st.step === k);
        again.stepOnce();
        await parked;
      }
      again.stop();
      await ran;
      expect(weights).toEqual(again.weights());
      trainer.dispose();
      again.dispose();
      expect(tf.memory().numTensors).toBe(tensors);
    });
  }

  it('that step first computes a non-finite value in the box named, and nowhere before it', async () => {
    // Catches "name the box whose output is non-finite last" or "the loss box, always": traced
    // from the rolled-back weights, the named step is the first with a non-finite output.
    const { trainer } = await openSession({ document: exploding, settings: settings('typed') });
    const { failure } = await trainer.run();
    if (!failure) throw new Error('no failure reported');
    const { trainer: replayed } = await openSession({ document: exploding, settings: settings('typed') });
    replayed.onStep((m) => m.step === failure.rolledBackTo && replayed.pause());
    const parked = when(replayed.onStatus.bind(replayed), (s) => s.status === 'paused');
    const done = replayed.run();
    await parked;
    const traced = replayed.traceNextStep();
    replayed.stepOnce();
    const { step, trace } = await traced;
    replayed.stop();
    await done;
    expect(step).toBe(failure.step);
    const steps = replayed.learner.stepProgram.steps;
    const bad = steps.map((s) => s.outputs.some((b) => !(trace.buffers[b]?.data.every(Number.isFinite) ?? true)));
    const first = bad.indexOf(true);
    expect(steps[first].source).toBe(failure.box);
    expect(steps[first].gen).toBe(failure.generator);
  });

  it('names the data input when the data holds a NaN', async () => {
    // Catches "blame the first box whose output is bad" when it only passed the data's NaN on.
    const features = Float32Array.from([0, 0, 0, 1, 1, 0, 1, Number.NaN]);
    const data = makeDataset({ ...xorTable(), features });
    const trainer = createTrainer(denseModel(2, [{ units: 1 }]), data, { epochs: 2, batchSize: 4, seed: 1 });
    const result = await trainer.run();
    expect(result.failure).toMatchObject({ step: 1, what: 'data', box: 'x', rolledBackTo: 0 });
  });

  it('is caught from the values alone when the loss stays finite (every 8 steps)', async () => {
    // Catches "only losses are checked" (guard.ts): a weight at ∞ behind a saturated unit
    // leaves the loss finite.
    const runner = fakeRunner((kept) => kept !== 2);
    const guard = new FiniteGuard(runner, 8);
    for (let n = 1; n <= 16; n++) {
      guard.reported(n, true);
      guard.stepped(n);
      expect(guard.failed).toBe(n >= 16);
    }
    expect(guard.failure).toMatchObject({ cause: 'values', by: 16, after: { step: 8 } });
    guard.release();
    expect(runner.live()).toBe(0);
  });

  it('waits for a check still on the device before going further (tfjs answers later)', async () => {
    const runner = fakeRunner(() => false, true);
    const guard = new FiniteGuard(runner, 8);
    guard.reported(8, true);
    guard.stepped(8);
    expect(guard.failed).toBe(false);
    expect(guard.behind(9, 2)).toBe(false);
    expect(guard.behind(10, 2)).toBe(true);
    await guard.settle();
    expect(guard.failure).toMatchObject({ cause: 'values', by: 8, after: { step: 0 } });
    guard.release();
  });
});

/** A runner whose k-th kept copy (from 0) is finite when `finite(k)`; it counts copies alive. */
function fakeRunner(finite: (k: number) => boolean, later = false): StepRunner & { live(): number } {
  let made = 0;
  let live = 0;
  const keep = (): Kept => {
    const k = made++;
    live++;
    return {
      finite: () => (later ? Promise.resolve(finite(k)) : finite(k)),
      restore() {},
      read: () => ({ learnt: [], state: [] }),
      release: () => {
        live--;
      },
    };
  };
  return { keep, live: () => live } as unknown as StepRunner & { live(): number };
}

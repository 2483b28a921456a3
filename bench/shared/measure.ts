/**
 * Timing a Trainer: warm up, then several timed windows; the figure is the median window.
 * Memory is sampled at the end of each window (host-specific: process RSS in Node, the JS heap
 * in Chromium) and tf's own peak within one step is taken with `tf.profile` after timing.
 * Runs in Node and in the browser bundle alike: nothing here touches `process`.
 */
import * as tf from '@tensorflow/tfjs';
import type { Trainer } from '../../src/testing/mlpSpec';

export interface TimingOptions {
  readonly warmupSteps: number;
  readonly warmupMs: number;
  readonly windows: number;
  readonly windowMs: number;
  /** Host memory in bytes (RSS in Node, used JS heap in Chromium), or undefined when unknown. */
  readonly hostMemory: () => number | undefined;
}

export interface Timing {
  readonly msPerStep: number;
  readonly stepsPerSec: number;
  /** steps/s of each window, in order. */
  readonly windows: readonly number[];
  readonly steps: number;
  readonly lastLoss: number;
  readonly hostPeakBytes: number | undefined;
  /** tf's peak bytes during one profiled step, and what stays allocated between steps. */
  readonly tfPeakBytes: number;
  readonly tfBytes: number;
  /** Tensors this trainer left alive across its timed windows (0 unless it leaks per step). */
  readonly tensorGrowth: number;
}

export const defaultTiming = (hostMemory: () => number | undefined, quick = false): TimingOptions =>
  quick
    ? { warmupSteps: 3, warmupMs: 100, windows: 3, windowMs: 150, hostMemory }
    : { warmupSteps: 5, warmupMs: 250, windows: 7, windowMs: 300, hostMemory };

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const now = () => performance.now();

async function runFor(
  trainer: Trainer,
  minSteps: number,
  ms: number,
): Promise<{ steps: number; elapsed: number; loss: number }> {
  const t0 = now();
  let steps = 0;
  let loss = Number.NaN;
  while (steps < minSteps || now() - t0 < ms) {
    loss = await trainer.step();
    steps++;
  }
  return { steps, elapsed: now() - t0, loss };
}

/**
 * Times several trainers side by side: after each warms up, their windows interleave (window w
 * of every trainer before window w+1 of any), so a change in the machine's load over the run
 * — two cores shared with whatever else runs — falls on all of them alike, and their ratios hold.
 */
export async function timeTrainers(trainers: readonly Trainer[], o: TimingOptions): Promise<Timing[]> {
  for (const t of trainers) await runFor(t, o.warmupSteps, o.warmupMs);
  const rates = trainers.map((): number[] => []);
  const steps = trainers.map(() => 0);
  const losses = trainers.map(() => Number.NaN);
  const hostPeak: (number | undefined)[] = trainers.map(() => undefined);
  const growth = trainers.map(() => 0);
  for (let w = 0; w < o.windows; w++) {
    for (let i = 0; i < trainers.length; i++) {
      const before = tf.memory().numTensors;
      const r = await runFor(trainers[i], 1, o.windowMs);
      growth[i] += tf.memory().numTensors - before;
      rates[i].push((1000 * r.steps) / r.elapsed);
      steps[i] += r.steps;
      losses[i] = r.loss;
      const host = o.hostMemory();
      if (host !== undefined) hostPeak[i] = Math.max(hostPeak[i] ?? 0, host);
    }
  }
  const out: Timing[] = [];
  for (let i = 0; i < trainers.length; i++) {
    const profile = await tf.profile(async () => {
      await trainers[i].step();
    });
    const stepsPerSec = median(rates[i]);
    out.push({
      msPerStep: 1000 / stepsPerSec,
      stepsPerSec,
      windows: rates[i],
      steps: steps[i],
      lastLoss: losses[i],
      hostPeakBytes: hostPeak[i],
      tfPeakBytes: profile.peakBytes,
      tfBytes: tf.memory().numBytes,
      tensorGrowth: growth[i],
    });
  }
  return out;
}

export type FreshTiming = Timing & {
  /** Tensors its dispose() freed: what it held, weights, state and data. */
  readonly heldTensors: number;
  /** Tensors still alive after every trainer of the group was disposed (0: no leak). */
  readonly leftoverTensors: number;
};

/** Builds the trainers, times them side by side, disposes them, and counts what each held and what stayed. */
export async function timeFresh(makers: readonly (() => Trainer)[], o: TimingOptions): Promise<FreshTiming[]> {
  const start = tf.memory().numTensors;
  const trainers: Trainer[] = [];
  try {
    for (const make of makers) trainers.push(make());
    const timings = await timeTrainers(trainers, o);
    const held = trainers.map((t) => {
      const before = tf.memory().numTensors;
      t.dispose();
      return before - tf.memory().numTensors;
    });
    trainers.length = 0;
    const leftover = tf.memory().numTensors - start;
    return timings.map((t, i) => ({ ...t, heldTensors: held[i], leftoverTensors: leftover }));
  } finally {
    for (const t of trainers) t.dispose();
  }
}

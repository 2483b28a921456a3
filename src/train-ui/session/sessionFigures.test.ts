/**
 * What the panel's figures measure, against a real training host in this thread
 * (docs/training-panel.md, "Which weights a figure describes", "Steps per second"): the loss of
 * the latest batch while a run moves, of the whole training set at its end; the views' weights
 * come with the step they are the weights after; and steps per second are never one short
 * epoch's own.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RATE_WINDOW_MS } from '../../learn/stepRate';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import type { SessionState } from './sessionState';
import { TrainSession } from './trainSession';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

const session = (epochs: number) =>
  new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    async () => ({ document: xor, settings: { engine: 'typed' as const, epochs, batchSize: 4 } }),
  );

/** Every state the session goes through, from now on. */
function watch(s: TrainSession): SessionState[] {
  const seen: SessionState[] = [];
  s.store.subscribe((st) => seen.push(st));
  return seen;
}

/** A rate measured over half a second or more cannot count more steps than the run has taken. */
const possible = (st: SessionState) =>
  st.stepsPerSecond === null || st.stepsPerSecond * (RATE_WINDOW_MS / 1000) <= st.step;

describe('the figures of a run', () => {
  it('a short run states no steps per second, though each of its epochs timed itself', async () => {
    const s = session(2);
    const seen = watch(s);
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    // XOR's 2 epochs of 125 steps: an epoch's own rate was thousands a second, over milliseconds
    expect(done.epochs.every((e) => e.stepsPerSecond > 0)).toBe(true);
    expect(seen.filter((st) => !possible(st))).toEqual([]);
    s.dispose();
  });

  it('a run that trains long enough states its rate, and Reset forgets it', async () => {
    const s = session(100_000);
    const seen = watch(s);
    s.play();
    const rated = await until(s, (st) => st.stepsPerSecond !== null);
    expect(rated.stepsPerSecond).toBeGreaterThan(0);
    s.pause();
    await until(s, (st) => st.phase === 'paused');
    expect(seen.filter((st) => !possible(st))).toEqual([]);
    s.reset();
    expect(s.state.stepsPerSecond).toBeNull();
    s.dispose();
  });

  it('says whether the loss is a batch’s or the training set’s, and which step the views’ weights are of', async () => {
    const s = session(2);
    s.step();
    const one = await until(s, (st) => st.phase === 'paused');
    expect(one).toMatchObject({ step: 1, lossOf: 'batch' });
    expect((await s.reads.learntAt())?.step).toBe(1);
    s.step();
    await until(s, (st) => st.phase === 'paused' && st.step === 2);
    expect((await s.reads.learntAt())?.step).toBe(2);
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    expect(done).toMatchObject({ step: 250, lossOf: 'training set' });
    expect(done.loss).toBe(done.result?.train.loss);
    expect((await s.reads.learntAt())?.step).toBe(250);
    s.reset();
    expect(s.state).toMatchObject({ loss: null, lossOf: null });
    expect(await s.reads.learntAt()).toBeNull();
    s.dispose();
  });
});

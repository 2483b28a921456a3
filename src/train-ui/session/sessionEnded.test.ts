/**
 * A finished run stays explorable, and its counts say what happened, against a real training
 * host in this thread: Step on an ended run goes on from its final weights; an opened model shows
 * the epochs it has done until it is played, or the epoch under way when it was written inside one; the seconds a run reports are training time only
 * (compared with the pause the test measured, never with a speed).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrainerClient } from '../../learn/trainerClient';
import { parseModelText } from '../../model/modelParse';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { epochFigure } from '../panel/epochFigure';
import { phaseText } from '../panel/phaseText';
import { TrainSession } from './trainSession';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

const session = (epochs: number) =>
  new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    async () => ({ document: xor, settings: { engine: 'typed' as const, epochs, batchSize: 4 } }),
  );

describe('a finished run', () => {
  it('steps on from its final weights, then Play trains its planned epochs more', async () => {
    const s = session(2);
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    expect(phaseText(done)).toMatch(/^Done: 2 epochs, 250 steps in \d+\.\d+ s of training\.$/);
    s.step();
    expect(s.state.phase).toBe('stepping');
    const stepped = await until(s, (st) => st.phase === 'paused');
    expect(stepped).toMatchObject({ step: 251, epoch: 2, steppedOn: true, lastEpoch: 4 });
    expect(phaseText(stepped)).toBe(
      'Stepped on from the finished run: step 251 (epoch 3). Step takes one more batch; Play goes on.',
    );
    expect(s.losses.length).toBe(251);
    s.play();
    const more = await until(s, (st) => st.phase === 'done');
    expect(more.result).toMatchObject({ epochs: 4, steps: 500 });
    expect(more.epochs.map((e) => e.epoch)).toEqual([0, 1, 2, 3]);
    expect(more.result!.seconds).toBeGreaterThanOrEqual(done.result!.seconds); // the whole run's time
    s.dispose();
  });

  it("an opened model shows the epochs it has done, and plans the document's epochs when played", async () => {
    const s = session(2);
    s.play();
    await until(s, (st) => st.phase === 'done');
    const parsed = parseModelText((await s.reads.modelText()) as string);
    if (!parsed.ok) throw new Error('the run wrote no model file');
    const { epochsDone, stepsDone } = parsed.model.trainingConfig;
    s.loadWeights({ weights: parsed.weights, epochsDone, stepsDone, name: 'xor.lensmodel' });
    const held = await until(s, (st) => st.phase === 'paused' && st.measured !== null);
    // "Epoch 2 / 2", not "3 / 4": nothing of the next epochs is under way yet
    expect(held).toMatchObject({ epoch: 2, lastEpoch: 2, step: 250 });
    s.play();
    expect(s.state.lastEpoch).toBe(4);
    const done = await until(s, (st) => st.phase === 'done');
    expect(done.result).toMatchObject({ epochs: 4, steps: 500 });
    s.dispose();
  });

  it('a model file written after a Step on a finished run opens one step into the next epoch, as the run stood', async () => {
    const s = session(2);
    s.play();
    await until(s, (st) => st.phase === 'done');
    s.step();
    const stepped = await until(s, (st) => st.phase === 'paused');
    expect({ epoch: epochFigure(stepped), of: stepped.lastEpoch, step: stepped.step }).toEqual({
      epoch: 3,
      of: 4,
      step: 251,
    });
    const parsed = parseModelText((await s.reads.modelText()) as string);
    if (!parsed.ok) throw new Error('the run wrote no model file');
    // whole epochs, and the steps in all: one step (of 125) into epoch 3
    expect(parsed.model.trainingConfig).toMatchObject({ epochsDone: 2, stepsDone: 251 });
    const { epochsDone, stepsDone } = parsed.model.trainingConfig;
    s.loadWeights({ weights: parsed.weights, epochsDone, stepsDone, name: 'xor.lensmodel' });
    const held = await until(s, (st) => st.phase === 'paused' && st.measured !== null);
    // "Epoch 3 / 4" as the run that wrote it showed, not "2 / 2" at step 251
    expect({ epoch: epochFigure(held), of: held.lastEpoch, step: held.step }).toEqual({ epoch: 3, of: 4, step: 251 });
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    // epoch 3 goes on after its first batch: the same 500 steps as one run of 4 epochs
    expect(done.result).toMatchObject({ epochs: 4, steps: 500 });
    s.dispose();
  });

  it('counts training time only: a pause of 300 ms is not in its seconds (mutant: wall-clock seconds)', async () => {
    // Long enough (50,000 steps) that the run is still going when the first snapshots land.
    const s = session(400);
    const begun = performance.now();
    s.play();
    await until(s, (st) => (st.phase === 'running' && st.step > 100) || st.phase === 'done');
    expect(s.state.phase).toBe('running');
    s.pause();
    await until(s, (st) => st.phase === 'paused');
    const parked = performance.now();
    await new Promise((r) => setTimeout(r, 300));
    const paused = performance.now() - parked;
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    const wall = performance.now() - begun;
    expect(done.result!.seconds * 1000).toBeLessThanOrEqual(wall - paused);
    const perEpoch = done.epochs.reduce((sum, e) => sum + (e.stepsPerSecond > 0 ? e.steps / e.stepsPerSecond : 0), 0);
    expect(perEpoch * 1000).toBeLessThanOrEqual(wall - paused);
    s.dispose();
  });
});

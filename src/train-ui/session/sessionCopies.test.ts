/**
 * The page keeps the weights a run started from once: an opened model's weights are both what
 * Reset goes back to and, until its first step, what a new worker starts from if the worker dies
 * (the worker sends no copy of them: learn/trainRun.ts `keep`; docs/training-panel.md, "A worker
 * that dies"). Against a real training host in this thread.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrainerClient, type WorkerLike } from '../../learn/trainerClient';
import { parseModelText } from '../../model/modelParse';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { TrainSession } from './trainSession';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

describe('the weights a run starts from', () => {
  it("are what a dead worker's run goes on from before its first step, with no copy sent back", async () => {
    let worker: WorkerLike | null = null;
    const kept: number[] = [];
    const s = new TrainSession(
      () => {
        worker = inMemoryWorker();
        const client = new TrainerClient(worker);
        client.on('kept', ({ resume }) => kept.push(resume.stepsDone));
        return client;
      },
      async () => ({ document: xor, settings: { engine: 'typed' as const, epochs: 2, batchSize: 4 } }),
    );
    s.play();
    await until(s, (st) => st.phase === 'done');
    const parsed = parseModelText((await s.reads.modelText()) as string);
    if (!parsed.ok) throw new Error('the run wrote no model file');
    const { epochsDone, stepsDone } = parsed.model.trainingConfig;
    kept.length = 0;
    s.loadWeights({ weights: parsed.weights, epochsDone, stepsDone, name: 'xor.lensmodel' });
    await until(s, (st) => st.phase === 'paused' && st.measured !== null);
    expect(kept).toEqual([]); // the page has these weights: nothing came back
    worker!.onerror?.({ message: 'Uncaught RangeError: out of memory' });
    const dead = await until(s, (st) => st.phase === 'error');
    expect(dead.message).toContain(`The weights of its last snapshot (step ${stepsDone}) are kept`);
    s.step();
    const stepped = await until(s, (st) => st.phase === 'paused' && st.step > stepsDone);
    expect(stepped.step).toBe(stepsDone + 1);
    expect(kept).toEqual([stepsDone + 1]);
    s.dispose();
  });
});

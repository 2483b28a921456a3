/**
 * A training worker that dies behind the session's back (terminated, thrown, silent) against a
 * real training host in this thread: the heartbeat notices, the run stops at the weights the
 * worker last kept, no control waits for it for ever, and Play starts a new worker from there.
 * The heartbeat is quickened (50 ms pings, 300 ms of silence) so the cases stay short.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrainerClient, type WorkerLike } from '../../learn/trainerClient';
import type { StartRequest, ToWorker } from '../../learn/trainProtocol';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { TrainSession } from './trainSession';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));
const PULSE = { everyMs: 50, silentMs: 300, firstStepMs: 3000 };

/** A session whose workers the test can reach (to kill one) and whose start requests it reads. */
function session(epochs = 100000) {
  const workers: WorkerLike[] = [];
  const starts: StartRequest[] = [];
  const s = new TrainSession(
    () => {
      const worker = inMemoryWorker();
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (m: ToWorker, transfer?: Transferable[]) => {
        if (m.type === 'start') starts.push(m.request);
        post(m, transfer);
      };
      workers.push(worker);
      return new TrainerClient(worker);
    },
    async () => ({ document: xor, settings: { engine: 'typed' as const, epochs, batchSize: 4 } }),
    'auto',
    PULSE,
  );
  return { s, starts, kill: () => workers.at(-1)?.terminate?.() };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a training worker that dies', () => {
  it('is noticed, keeps the last kept weights, and Play goes on from them in a new worker', async () => {
    const { s, starts, kill } = session();
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > 20);
    s.pause(); // a pause keeps a copy of the weights
    const paused = await until(s, (st) => st.phase === 'paused');
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > paused.step + 20);
    const at = s.state.step;
    kill();
    const dead = await until(s, (st) => st.phase === 'error');
    expect(dead.message).toMatch(
      /^The training worker stopped answering \(no reply for \d\.\d s\)\. The weights of its last snapshot \(step \d+\) are kept: Play starts a new worker from them\.$/,
    );
    expect(dead.step).toBeGreaterThanOrEqual(paused.step);
    expect(dead.step).toBeLessThanOrEqual(at);
    expect(s.losses.length).toBe(dead.step); // the chart cut where the weights were kept
    // the figures go back with the step: the kept step's batch loss, no later batch's accuracy
    expect(dead.loss).toBe(s.losses.columns()[1][dead.step - 1]);
    expect(dead.accuracy).toBeNull();
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > dead.step + 20);
    expect(starts).toHaveLength(2);
    expect(starts[1].resume?.stepsDone).toBe(dead.step);
    expect(starts[1].resume?.weights.length).toBeGreaterThan(0);
    s.pause();
    const again = await until(s, (st) => st.phase === 'paused');
    expect(s.losses.length).toBe(again.step);
    s.dispose();
  });

  it('never leaves Pause or Step waiting for a dead worker (mutant: no heartbeat)', async () => {
    const { s, kill } = session();
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > 20);
    kill();
    s.pause();
    expect(s.state.phase).toBe('pausing');
    await until(s, (st) => st.phase === 'error');
    s.step(); // a new worker, from the kept weights, parked after one step
    const stepped = await until(s, (st) => st.phase === 'paused');
    kill();
    s.step();
    expect(s.state.phase).toBe('stepping');
    const dead = await until(s, (st) => st.phase === 'error');
    expect(dead.step).toBe(stepped.step);
    s.reset();
    expect(s.state).toMatchObject({ phase: 'idle', step: 0 });
    s.dispose();
  });

  it('takes a worker that threw outside its handlers for dead, the weights kept', async () => {
    const { s } = session();
    let worker: WorkerLike | null = null;
    const spawn = s as unknown as { spawn: () => TrainerClient };
    const real = spawn.spawn;
    spawn.spawn = () => {
      const client = real();
      worker = client.worker;
      return client;
    };
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > 10);
    worker!.onerror?.({ message: 'Uncaught TypeError: x is not a function' });
    const dead = await until(s, (st) => st.phase === 'error');
    expect(dead.message).toMatch(
      /^The training worker failed \(Uncaught TypeError: x is not a function\)\. The weights/,
    );
    s.dispose();
  });

  it('leaves a healthy worker alone: paused, or done, for longer than the silence allowed', async () => {
    const { s } = session(2);
    s.play();
    await until(s, (st) => st.phase === 'done');
    await sleep(3 * PULSE.silentMs);
    expect(s.state.phase).toBe('done');
    s.step();
    await until(s, (st) => st.phase === 'paused');
    await sleep(3 * PULSE.silentMs);
    expect(s.state.phase).toBe('paused');
    s.dispose();
  });
});

/**
 * The session against a real training host in this thread (structuredClone between them): every
 * phase the panel shows is one the worker acknowledged, step takes exactly one step, reset draws
 * new weights, an ended run goes on, and a failing or dying worker is reported.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrainerClient, type WorkerLike } from '../../learn/trainerClient';
import type { ToWorker } from '../../learn/trainProtocol';
import { loadModel } from '../../model/modelRuntime';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { TrainSession } from './trainSession';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

function session(settings: Record<string, unknown> = {}, document: unknown = xor) {
  return new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    async () => ({ document, settings: { engine: 'typed' as const, epochs: 100000, batchSize: 4, ...settings } }),
  );
}

describe('the training session', () => {
  it('plays, pauses, steps exactly one step, and resets to new weights', async () => {
    const s = session();
    s.play();
    expect(s.state.phase).toBe('starting');
    await until(s, (st) => st.phase === 'running' && st.step > 20);
    s.pause();
    expect(s.state.phase).toBe('pausing');
    const paused = await until(s, (st) => st.phase === 'paused');
    expect(s.losses.length).toBe(paused.step);
    s.step();
    expect(s.state.phase).toBe('stepping');
    const stepped = await until(s, (st) => st.phase === 'paused');
    expect(stepped.step).toBe(paused.step + 1);
    expect(s.losses.length).toBe(paused.step + 1);
    const first = stepped.firstLoss;
    s.reset();
    expect(s.state).toMatchObject({ phase: 'idle', step: 0, loss: null, resets: 1 });
    expect(s.losses.length).toBe(0);
    s.step();
    const fresh = await until(s, (st) => st.phase === 'paused' && st.step === 1);
    expect(fresh.firstLoss).not.toBe(first);
    s.dispose();
  });

  it('keeps every epoch of a run whose epochs end many to a frame, in order', async () => {
    // One step an epoch: the worker tells many epochs in one message, the page lands them in one change.
    const s = session({ epochs: 60, batchSize: 500 });
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    expect(done.epochs.map((e) => e.epoch)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    s.dispose();
  });

  it('reports the engine that really runs once Auto has picked', async () => {
    const s = session({ engine: 'auto', epochs: 3 });
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    expect(done.pick).not.toBeNull();
    expect(done.engine).toMatch(/^typed|^tfjs/);
    expect(done.epochs).toHaveLength(3);
    s.dispose();
  });

  it('trains N more epochs after a run ends, counting on from it', async () => {
    const s = session({ epochs: 2 });
    s.play();
    const first = await until(s, (st) => st.phase === 'done');
    expect(first.result?.epochs).toBe(2);
    s.more(3);
    expect(s.state.phase).toBe('starting');
    const second = await until(s, (st) => st.phase === 'done');
    expect(second.result?.epochs).toBe(5);
    expect(second.epochs.map((e) => e.epoch)).toEqual([0, 1, 2, 3, 4]);
    expect(second.step).toBe(5 * first.ready!.stepsPerEpoch);
    expect(s.losses.length).toBe(second.step);
    s.dispose();
  });

  it('stops a run whose loss is not finite, naming the box, with the weights rolled back', async () => {
    const gd = {
      ...xor,
      boxes: xor.boxes.map((b: { generator: string }) =>
        b.generator === 'optimiser' ? { ...b, config: { kind: 'gd' } } : b,
      ),
    };
    const s = session({ optimiser: { learningRate: 1e30 } }, gd);
    s.play();
    const failed = await until(s, (st) => st.phase === 'failed' && st.result !== null);
    expect(failed.message).toMatch(/^training stopped at step \d+ .*the first box whose output is not finite is '/);
    expect(failed.step).toBe(failed.failure?.rolledBackTo);
    s.dispose();
  });

  it('pauses when the diagram is edited, and goes on with the edit from the old weights', async () => {
    let current: unknown = xor;
    const s = new TrainSession(
      () => new TrainerClient(inMemoryWorker()),
      async () => ({ document: current, settings: { engine: 'typed' as const, epochs: 100000, batchSize: 4 } }),
    );
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > 20);
    s.documentChanged({
      ...xor,
      boxes: xor.boxes.map((b: { id: string }) => (b.id === 'x' ? { ...b, position: { x: 5, y: 5 } } : b)),
    });
    expect(s.state).toMatchObject({ phase: 'running', edited: false });
    const edited = {
      ...xor,
      boxes: xor.boxes.map((b: { id: string }) => (b.id === 'tanh1' ? { ...b, generator: 'sigmoid' } : b)),
    };
    s.documentChanged(edited);
    expect(s.state).toMatchObject({ phase: 'pausing', edited: true });
    const paused = await until(s, (st) => st.phase === 'paused');
    const chart = s.losses.length;
    current = edited;
    await s.continueEdited();
    expect(s.state.edited).toBe(false);
    const going = await until(s, (st) => st.phase === 'running' && st.step > paused.step + 5);
    expect(going.step).toBeGreaterThan(paused.step);
    expect(s.losses.length).toBeGreaterThan(chart);
    s.dispose();
  });

  it("reads a run's model file once, then its weights: the model the views run is the file's, at the run's weights", async () => {
    const files: number[] = [];
    let worker = 0;
    const s = new TrainSession(
      () => {
        const client = new TrainerClient(inMemoryWorker());
        const id = ++worker;
        const model = client.modelFile.bind(client);
        client.modelFile = (at?: Date) => {
          files.push(id);
          return model(at);
        };
        return client;
      },
      async () => ({ document: xor, settings: { engine: 'typed' as const, epochs: 100000, batchSize: 4 } }),
    );
    s.play();
    await until(s, (st) => st.phase === 'running' && st.step > 20);
    const first = await s.reads.learnt();
    const second = await s.reads.learnt();
    expect(files).toEqual([1]);
    s.pause();
    await until(s, (st) => st.phase === 'paused');
    const paused = await s.reads.learnt();
    expect(files).toEqual([1]);
    const text = await s.reads.modelText();
    const fromFile = loadModel(text as string);
    expect(paused?.parameters.map((p) => Array.from(p.data))).toEqual(
      fromFile.parameters.map((p) => Array.from(p.data)),
    );
    const rows = Float32Array.from([0.5, -0.5, -1, 1]);
    expect(paused?.predict(rows)).toEqual(fromFile.predict(rows));
    expect(first?.parameters.map((p) => p.name)).toEqual(second?.parameters.map((p) => p.name));
    s.reset();
    s.step();
    await until(s, (st) => st.phase === 'paused' && st.step === 1);
    await s.reads.learnt();
    // counted: the views' reads of the run's file (modelText, the test's own read, is another call)
    expect(files).toEqual([1, 2]);
    s.dispose();
  });

  it('shows a document the worker refuses as an error, and can start again', async () => {
    const s = session({}, { ...xor, dataset: { id: 'xor', options: { n: 1e9 } } });
    s.play();
    const err = await until(s, (st) => st.phase === 'error');
    expect(err.message).toBe('dataset.options.n = 1000000000 is out of range 1…100000');
  });

  it('reports a worker that dies', async () => {
    let worker: WorkerLike | null = null;
    const s = new TrainSession(
      () => {
        worker = inMemoryWorker();
        return new TrainerClient(worker);
      },
      async () => ({ document: xor, settings: { engine: 'typed' as const, epochs: 100000 } }),
    );
    s.play();
    await until(s, (st) => st.phase === 'running');
    worker!.onerror?.({ message: 'Uncaught RangeError: out of memory' });
    const err = await until(s, (st) => st.phase === 'error');
    expect(err.message).toMatch(/^The training worker failed \(Uncaught RangeError: out of memory\)\. The weights/);
    s.dispose();
  });

  it('has the worker make way while the canvas moves, only for a run, and back at full speed after', async () => {
    const sent: unknown[] = [];
    const s = new TrainSession(
      () => {
        const worker = inMemoryWorker();
        const post = worker.postMessage.bind(worker);
        worker.postMessage = (m: ToWorker, transfer?: Transferable[]) => {
          if (m.type === 'make-way') sent.push(m);
          post(m, transfer);
        };
        return new TrainerClient(worker);
      },
      async () => ({ document: xor, settings: { engine: 'typed' as const, epochs: 100000, batchSize: 4 } }),
    );
    s.makeWay(true); // no run yet: nothing to slow
    expect(sent).toEqual([]);
    s.play();
    await until(s, (st) => st.phase === 'running');
    s.makeWay(true);
    const before = s.state.step;
    await until(s, (st) => st.step > before + 10); // it still trains meanwhile
    s.makeWay(false);
    // on (renewed each second while it lasts), then off
    expect(sent.at(-1)).toEqual({ type: 'make-way', on: false });
    expect(sent.slice(0, -1).length).toBeGreaterThan(0);
    for (const m of sent.slice(0, -1)) expect(m).toEqual({ type: 'make-way', on: true });
    s.dispose();
  });
});

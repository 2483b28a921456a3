/**
 * The worker's runs go on where they ended: 'continue' in the same worker, and a model file
 * written by 'model' and started again with `resume`, each equal to one long run bit for bit.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openSession } from '../learn/session';
import { TrainerClient } from '../learn/trainerClient';
import { inMemoryWorker } from '../testing/inMemoryWorker';
import { parseModelText } from './modelParse';

const xor = JSON.parse(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8'));
const settings = { engine: 'typed' as const, batchSize: 4 };

async function longRun(epochs: number) {
  const { trainer } = await openSession({ document: xor, settings: { ...settings, epochs } });
  const result = await trainer.run();
  return { result, weights: trainer.weights().map((w) => Array.from(w)) };
}

describe('a run that goes on', () => {
  it("continues in the same worker: 3 epochs, then 'continue' 2, equal 5 in one go", async () => {
    const client = new TrainerClient(inMemoryWorker());
    client.start({ document: xor, settings: { ...settings, epochs: 3 } });
    const first = await client.next('done');
    expect(first.result).toMatchObject({ status: 'done', epochs: 3 });
    const ready = client.next('ready');
    client.continue(2);
    expect((await ready).ready.engine).toBe(first.result.engine);
    const second = await client.next('done');
    const long = await longRun(5);
    expect(second.result).toMatchObject({ status: 'done', epochs: 5, steps: long.result.steps });
    expect(second.weights.map((w) => w.values)).toEqual(long.weights);
  });

  it("refuses 'continue' while the run is under way", async () => {
    const client = new TrainerClient(inMemoryWorker());
    client.start({ document: xor, settings: { ...settings, epochs: 100000 } });
    await client.next('epoch');
    const error = client.next('error');
    client.continue(2);
    expect((await error).message).toMatch(/has not ended/);
    client.stop();
    await client.next('done');
  });

  it('writes a model file that resumes to the weights of one long run', async () => {
    const client = new TrainerClient(inMemoryWorker());
    client.start({ document: xor, settings: { ...settings, epochs: 3 } });
    const done = await client.next('done');
    const text = client.next('model');
    client.worker.postMessage({ type: 'model', id: 1, createdAt: '2026-12-02T00:00:00.000Z' });
    const parsed = parseModelText((await text).text);
    if (!parsed.ok) throw new Error(parsed.errors.map((e) => e.message).join('\n'));
    expect(parsed.model.trainingConfig).toMatchObject({ epochsDone: 3, stepsDone: done.result.steps, batchSize: 4 });
    expect(parsed.model.createdAt).toBe('2026-12-02T00:00:00.000Z');
    const model = parsed.weights.filter((w) => w.group === 'model').map((w) => Array.from(w.data));
    expect(model).toEqual(done.weights.map((w) => w.values));

    const resumed = new TrainerClient(inMemoryWorker());
    const { epochsDone, stepsDone } = parsed.model.trainingConfig;
    resumed.start({
      document: parsed.model.diagram,
      settings: { ...settings, epochs: 2 },
      resume: { weights: parsed.weights, epochsDone, stepsDone },
    });
    const after = await resumed.next('done');
    const long = await longRun(5);
    expect(after.result).toMatchObject({ epochs: 5, steps: long.result.steps });
    expect(after.weights.map((w) => w.values)).toEqual(long.weights);
  });

  it('refuses weights that do not fit the diagram, naming the weight', async () => {
    const client = new TrainerClient(inMemoryWorker());
    const error = client.next('error');
    client.start({
      document: xor,
      settings,
      resume: {
        weights: [{ name: 'nonsense', shape: [2], group: 'model', data: new Float32Array(2) }],
        epochsDone: 0,
        stepsDone: 0,
      },
    });
    expect((await error).message).toMatch(/the weights do not fit the diagram/);
  });
});

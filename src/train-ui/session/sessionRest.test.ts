/**
 * An opened model's session left behind on the shelf before it is played lets its worker go:
 * the page holds its weights (once), and the worker of a big model holds far more (bench/README.md,
 * *A 25 M model in Chromium*). Shown again, it starts again from them, measured; played while
 * left, it starts as well. Against real training hosts in this thread.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrainerClient } from '../../learn/trainerClient';
import { parseModelText } from '../../model/modelParse';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { SessionShelf } from './sessionShelf';
import { TrainSession } from './trainSession';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

/** XOR's sessions for `epochs`, each on a worker in this thread, and the workers made so far. */
function sessionsOf(epochs: number) {
  const workers: ReturnType<typeof inMemoryWorker>[] = [];
  const make = () =>
    new TrainSession(
      () => {
        workers.push(inMemoryWorker());
        return new TrainerClient(workers.at(-1)!);
      },
      async () => ({ document: xor, settings: { engine: 'typed' as const, epochs, batchSize: 4 } }),
    );
  return { workers, make };
}

describe('an opened model left behind', () => {
  it('lets its worker go, and starts again from its weights when shown again', async () => {
    const { workers, make } = sessionsOf(2);
    const trained = make();
    trained.play();
    await until(trained, (st) => st.phase === 'done');
    const parsed = parseModelText((await trained.reads.modelText()) as string);
    trained.dispose();
    if (!parsed.ok) throw new Error('the run wrote no model file');
    const { epochsDone, stepsDone } = parsed.model.trainingConfig;

    const shelf = new SessionShelf(make, 'model:1');
    const a = shelf.session;
    const weights = { weights: parsed.weights, epochsDone, stepsDone, name: 'xor.lensmodel' };
    a.loadWeights(weights);
    const held = await until(a, (st) => st.phase === 'paused' && st.measured !== null);
    const its = workers.at(-1)!;
    shelf.show('model:2');
    expect(its.terminated).toBe(true);
    expect(a.state.resume).toBe(weights); // the page's weights, kept once

    expect(shelf.show('model:1')).toBe(a);
    const again = await until(a, (st) => st.phase === 'paused' && st.measured !== null);
    expect(workers.at(-1)).not.toBe(its);
    expect(again).toMatchObject({ step: stepsDone, epoch: epochsDone });
    expect(again.measured).toEqual(held.measured);
    a.step();
    expect((await until(a, (st) => st.phase === 'paused' && st.step > stepsDone)).step).toBe(stepsDone + 1);
    shelf.dispose();
  });

  it('keeps the worker of a run that has stepped', async () => {
    const { workers, make } = sessionsOf(100000);
    const shelf = new SessionShelf(make, 'a');
    shelf.session.step();
    await until(shelf.session, (st) => st.phase === 'paused' && st.step === 1);
    shelf.show('b');
    expect(workers[0].terminated).toBe(false);
    shelf.dispose();
  });
});

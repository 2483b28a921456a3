/**
 * The status line warns of a run whose loss grows by orders of magnitude (learn/divergence.ts),
 * against a real training host in this thread: Adam at ε = 1e30 on XOR stays finite, so nothing
 * else would say so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { openText } from '../../editor/persist/openText';
import { createEditorStore } from '../../editor/store/createEditorStore';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
import { resumeOf } from '../model/modelExport';
import { requestFrom } from '../session/TrainingProvider';
import { TrainSession } from '../session/trainSession';
import { phaseText } from './phaseText';

const xor = JSON.parse(readFileSync(new URL('../../io/examples/xor.json', import.meta.url), 'utf8'));

const train = async (learningRate: number) => {
  const s = new TrainSession(
    () => new TrainerClient(inMemoryWorker()),
    async () => ({
      document: xor,
      settings: { engine: 'typed' as const, epochs: 2, batchSize: 50, optimiser: { learningRate } },
    }),
  );
  s.play();
  return phaseText(await until(s, (st) => st.phase === 'done'));
};

describe('the training status', () => {
  it('warns when the loss diverges, and the run still ends done', async () => {
    expect(await train(1e30)).toMatch(
      /^Done: 2 epochs, 20 steps in .* Warning: the loss diverges: \S+e\+\d+ in epoch 1, \S+ times the \S+ at the first step; the learning rate is likely too large\.$/,
    );
  });

  it('says nothing more of a run that learns', async () => {
    expect(await train(0.05)).toMatch(/^Done: 2 epochs, 20 steps in \d+\.\d+ s of training\.$/);
  });

  it('counts the seconds of a run that went on from a model file against its own steps only', async () => {
    const first = new TrainSession(
      () => new TrainerClient(inMemoryWorker()),
      async () => ({ document: xor, settings: { engine: 'typed' as const, epochs: 2, batchSize: 50 } }),
    );
    first.play();
    await until(first, (st) => st.phase === 'done');
    const text = (await first.reads.modelText()) as string;
    first.dispose();
    // the file opened in another page, and played on: 20 steps were trained before, in another worker
    const store = createEditorStore();
    openText(store, 'XOR.lensboard-model.json', text);
    const opened = store.getState().openedModel;
    if (!opened) throw new Error('not opened');
    const s = new TrainSession(
      () => new TrainerClient(inMemoryWorker()),
      (choice) => requestFrom(store, choice),
    );
    s.choose('typed');
    s.loadWeights(resumeOf(opened));
    await until(s, (st) => st.phase === 'paused' && st.measured !== null);
    store.getState().setTraining({ epochs: 2 });
    s.documentChanged(store.getState().doc);
    s.play();
    const done = await until(s, (st) => st.phase === 'done');
    expect(done.step).toBe(40);
    expect(phaseText(done)).toMatch(/^Done: 4 epochs, 40 steps; the last 20 in \d+\.\d+ s\.$/);
    s.dispose();
  });
});

/**
 * The status line warns of a run whose loss grows by orders of magnitude (learn/divergence.ts),
 * against a real training host in this thread: Adam at ε = 1e30 on XOR stays finite, so nothing
 * else would say so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { TrainerClient } from '../../learn/trainerClient';
import { inMemoryWorker } from '../../testing/inMemoryWorker';
import { until } from '../../testing/sessionWait';
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
});

/**
 * The card's rows are the batch the run trains on now (docs/attention.md): for every step of a
 * real run of the attention head, the batch `stepBatch` cuts from the page's own copy of the
 * training rows (split with the run's seed, as useViewRows.ts cuts it) gives the loss the
 * trainer reported for that step; the learning rate is 0, so each step's loss is its batch's.
 * Before a step it is the batch the first step takes; a step outside the epochs of these rows
 * falls back to the first rows and says so; a generated window is padded after its real tokens.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetNode } from '../../data/catalogNode';
import { BatchViews, type Dataset, featureSize, makeDataset, splitDataset, subset } from '../../data/dataset';
import type { LensDocument } from '../../io/document';
import { openSession } from '../../learn/session';
import type { StepMetrics } from '../../learn/trainerTypes';
import attentionHead from '../../testing/attentionHead.json';
import { generatedRows, stepBatch } from './attentionRows';

/** The rows of `train` whose features are the batch's, in its order (equal windows have equal labels). */
function rowsOf(train: Dataset, features: Float32Array): Dataset {
  const w = featureSize(train);
  const key = (f: Float32Array, i: number) => f.subarray(i * w, (i + 1) * w).join(',');
  const index = new Map<string, number>();
  for (let i = 0; i < train.n; i++) index.set(key(train.features, i), i);
  return subset(
    train,
    Array.from({ length: features.length / w }, (_, r) => index.get(key(features, r)) as number),
  );
}

describe('the rows of the attention card', () => {
  it('are, at every step of a run, the batch the trainer took at that step', async () => {
    const document = attentionHead as unknown as LensDocument;
    const settings = { engine: 'typed', epochs: 3, testFraction: 0.5, seed: 5, evaluateEachEpoch: false } as const;
    const { trainer, dataset } = await openSession({ document, settings }, loadDatasetNode);
    trainer.setHypers({ learningRate: 0 });
    const { train } = splitDataset(dataset, 0.5, 5);
    expect([...train.features]).toEqual([...trainer.train.features]);
    const steps: StepMetrics[] = [];
    trainer.onStep((m) => steps.push(m));
    await trainer.run();
    const batchSize = trainer.settings.batchSize;
    expect(steps.length).toBe(3 * Math.ceil(train.n / batchSize));
    for (const m of steps) {
      const rows = stepBatch(train, { step: m.step, epoch: m.epoch, batchSize, seed: 5 });
      expect(rows.what).toMatch(
        new RegExp(`^the batch step ${m.step} trained on \\(batch \\d+ of \\d+ in epoch ${m.epoch + 1}\\)$`),
      );
      expect(trainer.evaluate(rowsOf(train, rows.features)).loss).toBeCloseTo(m.loss, 5);
    }
    trainer.dispose();
  });

  it('are the first batch before a step, and the first rows, said so, for a step of other rows', () => {
    const train = makeDataset({
      name: 't',
      description: '',
      task: 'regression',
      featureShape: [2],
      labelShape: [1],
      labelEncoding: 'real',
      features: Float32Array.from({ length: 20 }, (_, i) => i),
      labels: new Float32Array(10),
    });
    const first = new BatchViews(train, 4).epoch(9, 0)[0];
    const before = stepBatch(train, { step: 0, epoch: 0, batchSize: 4, seed: 9 });
    expect([...before.features]).toEqual([...first.features]);
    expect(before.what).toBe('the batch the first step trains on (batch 1 of 3 in epoch 1)');
    const other = stepBatch(train, { step: 40, epoch: 2, batchSize: 4, seed: 9 });
    expect(other.what).toBe('the first 4 training rows');
    expect([...other.features]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('of generated text are its last context tokens, padded after the real ones', () => {
    expect(generatedRows([1, 2, 3], 5)).toMatchObject({ n: 1, width: 5, length: 3, what: 'the text last generated' });
    expect([...generatedRows([1, 2, 3], 5).features]).toEqual([1, 2, 3, 0, 0]);
    expect([...generatedRows([1, 2, 3, 4, 5, 6], 4).features]).toEqual([3, 4, 5, 6]);
  });
});

/**
 * A model file's diagram made to agree with how its weights were trained: unchanged (the same
 * object) when it agrees already, and otherwise changed so that a run of the document — as the
 * app starts one, from the document alone — trains with the file's dataset, loss, optimiser,
 * hyper-parameters, seed, batch and test split, whether the document draws those boxes or not.
 */
import { describe, expect, it } from 'vitest';
import type { LensDocument } from '../io/document';
import { loadExample } from '../io/examples';
import type { TrainingConfig } from '../io/modelSchema';
import { documentForModel } from './modelDocument';
import { modelParts } from './modelFile';
import { openSession } from './session';

/** The training config a run of `doc` writes into its model file. */
async function configOf(doc: LensDocument): Promise<TrainingConfig> {
  const s = await openSession({ document: doc, settings: { engine: 'typed', epochs: 1 } });
  const config = modelParts({
    document: s.document,
    dataset: {
      id: doc.dataset?.id ?? '',
      options: { ...doc.dataset?.options },
      featureShape: [...s.dataset.featureShape],
      labelShape: [...s.dataset.labelShape],
      task: s.dataset.task,
    },
    trainer: s.trainer,
    epochsDone: 0,
    stepsDone: 0,
    metrics: { train: null, test: null },
  }).trainingConfig;
  s.trainer.dispose();
  return config;
}

/** How a run of `doc` would train, read from the trainer the app's worker would make. */
async function howItTrains(doc: LensDocument) {
  const config = await configOf(doc);
  const { epochsDone, stepsDone, optimiserSteps, ...rest } = config;
  return rest;
}

/** Draws no loss, learning-rate or optimiser box: the settings say it all. */
function settingsOnly(doc: LensDocument): LensDocument {
  const drop = new Set(
    doc.boxes.filter((b) => ['loss', 'learning-rate', 'optimiser'].includes(b.generator)).map((b) => b.id),
  );
  return {
    ...doc,
    boxes: doc.boxes.filter((b) => !drop.has(b.id)),
    wires: doc.wires.filter((w) => !drop.has(w.from.box) && !drop.has(w.to.box)),
  };
}

const other = (config: TrainingConfig): TrainingConfig => ({
  ...config,
  dataset: { ...config.dataset, options: { ...config.dataset.options, noise: 0.1, n: 300 } },
  loss: 'mse',
  optimiser: { kind: 'momentum', learningRate: 0.2, momentum: 0.5, beta1: 0.8, beta2: 0.99, epsilon: 1e-6 },
  seed: 7,
  batchSize: 5,
  testFraction: 0.25,
  epochsDone: 3,
  stepsDone: 180,
  optimiserSteps: undefined,
});

describe('a model file’s diagram, made to agree with its training', () => {
  it.each(['xor', 'iris-simple', 'iris-hidden'])(
    '%s: a diagram that agrees comes back as the same object',
    async (id) => {
      const doc = loadExample(id);
      expect(documentForModel(doc, await configOf(doc))).toBe(doc);
      const bare = settingsOnly(doc);
      expect(documentForModel(bare, await configOf(bare))).toBe(bare);
    },
  );

  it('writes what disagrees into the drawn boxes, where a run reads it', async () => {
    const doc = loadExample('xor');
    const config = other(await configOf(doc));
    const before = JSON.stringify(doc);
    const agreed = documentForModel(doc, config);
    expect(JSON.stringify(doc)).toBe(before);
    const { epochsDone, stepsDone, optimiserSteps, ...wanted } = config;
    expect(await howItTrains(agreed)).toEqual(wanted);
    expect(agreed.boxes.find((b) => b.generator === 'loss')?.config.kind).toBe('mse');
    expect(agreed.boxes.find((b) => b.generator === 'learning-rate')?.config.epsilon).toBe(0.2);
    expect(agreed.training?.epochs).toBe(doc.training?.epochs);
    expect(documentForModel(agreed, config)).toBe(agreed);
  });

  it('writes it into the training settings when no box is drawn for it', async () => {
    const doc = settingsOnly(loadExample('xor'));
    const config = other(await configOf(doc));
    const agreed = documentForModel(doc, config);
    const { epochsDone, stepsDone, optimiserSteps, ...wanted } = config;
    expect(await howItTrains(agreed)).toEqual(wanted);
    expect(agreed.training).toMatchObject({ loss: 'mse', seed: 7, batchSize: 5, testFraction: 0.25 });
    expect(agreed.boxes).toBe(doc.boxes);
    expect(documentForModel(agreed, config)).toBe(agreed);
  });

  it('gives a document without training settings the ones it was trained with', async () => {
    const xor = loadExample('xor');
    const { training, ...doc } = settingsOnly(xor);
    const config = await configOf(xor);
    const agreed = documentForModel(doc, config);
    const { epochsDone, stepsDone, optimiserSteps, ...wanted } = config;
    expect(await howItTrains(agreed)).toEqual(wanted);
    expect(agreed.training?.epochs).toBe(100);
  });
});

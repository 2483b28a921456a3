/**
 * Model files from a trainer and back: the round trip writes the same bytes (createdAt aside),
 * and training M epochs, saving, and training N more from the file gives bit for bit the
 * weights and optimiser state of M + N epochs in one go, Adam's step count included.
 */
import { describe, expect, it } from 'vitest';
import { loadDataset } from '../data/catalog';
import { loadExample } from '../io/examples';
import { modelFileText } from '../io/modelWrite';
import { documentForModel } from '../learn/modelDocument';
import { writeModelFile } from '../learn/modelFile';
import { openModelSession } from '../learn/modelSession';
import { openSession } from '../learn/session';
import { parseModelText } from './modelParse';

const at = new Date('2026-01-01T00:00:00.000Z');

async function trainXor(epochs: number, engine: 'typed' | 'tfjs' = 'typed') {
  const document = loadExample('xor');
  const session = await openSession({
    document,
    settings: { epochs, testFraction: 0.2, evaluateEachEpoch: false, engine },
  });
  const result = await session.trainer.run();
  const dataset = {
    id: 'xor',
    options: document.dataset?.options ?? {},
    featureShape: [2],
    labelShape: [2],
    task: 'classification' as const,
  };
  const text = writeModelFile({
    document: session.document,
    dataset,
    trainer: session.trainer,
    epochsDone: result.epochs,
    stepsDone: result.steps,
    metrics: { train: result.train, test: result.test },
    createdAt: at,
  });
  return { session, result, text };
}

function read(text: string) {
  const parsed = parseModelText(text);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('\n'));
  return parsed;
}

describe('model files from a trainer', () => {
  it('writes back the same bytes it read, createdAt aside', async () => {
    const { text, session } = await trainXor(2);
    const parsed = read(text);
    expect(parsed.model.weightsManifest.map((w) => `${w.group}:${w.name}`)).toContain('optimizer:optimizer/t');
    const again = modelFileText({
      diagram: parsed.model.diagram,
      trainingConfig: parsed.model.trainingConfig,
      metrics: parsed.model.metrics,
      weights: parsed.weights,
      createdAt: new Date('2027-05-05T00:00:00.000Z'),
      trainedOn: parsed.model.trainedOn,
    });
    expect(again.replace(/"createdAt":"[^"]*"/, '')).toBe(text.replace(/"createdAt":"[^"]*"/, ''));
    expect(again).not.toBe(text);
    session.trainer.dispose();
  });

  it('resumes exactly: M epochs, save, N more equals M + N in one go (typed float32)', async () => {
    const [m, n] = [2, 3];
    const first = await trainXor(m);
    const file = read(first.text);
    const resumed = await openModelSession({ ...file, settings: { epochs: n, evaluateEachEpoch: false } }, loadDataset);
    const r = await resumed.trainer.run();
    const whole = await trainXor(m + n);
    expect(r.epochs).toBe(m + n);
    expect(r.steps).toBe(whole.result.steps);
    expect(resumed.trainer.weights()).toEqual(whole.session.trainer.weights());
    const state = resumed.trainer.optimiserState();
    expect(state).toEqual(whole.session.trainer.optimiserState());
    // Adam's step count is the last state wire: one per step of both runs.
    expect(state[state.length - 1][0]).toBe(whole.result.steps);
    for (const s of [first.session, resumed, whole.session]) s.trainer.dispose();
  });

  it('writes the run’s learning rate and optimiser settings into the drawn boxes (one learning rate)', async () => {
    const document = loadExample('optimiser-adam');
    const settings = { epochs: 1, evaluateEachEpoch: false, optimiser: { learningRate: 0.02, beta1: 0.8 } };
    const session = await openSession({ document, settings });
    const result = await session.trainer.run();
    const text = writeModelFile({
      document: session.document,
      dataset: { id: 'moons', options: {}, featureShape: [2], labelShape: [2], task: 'classification' },
      trainer: session.trainer,
      epochsDone: result.epochs,
      stepsDone: result.steps,
      metrics: { train: result.train, test: result.test },
      createdAt: at,
    });
    session.trainer.dispose();
    const { model } = read(text);
    const box = (kind: string) => model.diagram.boxes.find((b) => b.generator === kind)?.config;
    expect(model.trainingConfig.optimiser).toMatchObject({ learningRate: 0.02, beta1: 0.8 });
    expect(box('learning-rate')).toMatchObject({ epsilon: 0.02 });
    expect(box('optimiser')).toMatchObject({ learningRate: 0.02, beta1: 0.8, epsilon: 1e-7 });
    // the diagram already agrees, so opening it changes nothing
    expect(documentForModel(model.diagram, model.trainingConfig)).toBe(model.diagram);
    expect(model.trainedOn).toEqual({ engine: 'typed-float32' });
  });

  it('counts Adam’s t exactly past 2²⁴, where the engine’s float32 t stands still', async () => {
    const { text, session } = await trainXor(1);
    session.trainer.dispose();
    const file = read(text);
    const big = 2 ** 24 + 3;
    const trainingConfig = { ...file.model.trainingConfig, stepsDone: big + 40, optimiserSteps: big };
    const { diagram, metrics } = file.model;
    const moved = read(modelFileText({ diagram, metrics, trainingConfig, weights: file.weights }));
    const resumed = await openModelSession(
      { ...moved, settings: { epochs: 1, evaluateEachEpoch: false } },
      loadDataset,
    );
    const r = await resumed.trainer.run();
    const after = read(
      writeModelFile({
        document: resumed.document,
        dataset: moved.model.trainingConfig.dataset,
        trainer: resumed.trainer,
        epochsDone: r.epochs,
        stepsDone: r.steps,
        metrics: { train: r.train, test: r.test },
      }),
    );
    resumed.trainer.dispose();
    const taken = r.steps - (big + 40);
    expect(taken).toBe(25);
    expect(after.model.trainingConfig.optimiserSteps).toBe(big + taken);
  });
});

/**
 * The training loop: the paper's Iris network reaches its accuracy, the two engines trace the
 * same losses for the same seed, hyper-parameters change between steps, and tfjs leaks nothing.
 * The controls are tested in trainerControls.test.ts, NaN and ∞ in trainerNonFinite.test.ts.
 */
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDataset } from '../data/catalog';
import { denseModel } from '../testing/models';
import { xorTable as xorTable4 } from '../testing/xorTable';
import { openSession } from './session';
import { createTrainer, type StepMetrics } from './trainer';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** The paper's `simple` network: linear ; bias ; sigmoid 4→3, N(0, 0.01), ½Σ MSE, GD ε = 0.01. */
const irisSimple = () => denseModel(4, [{ units: 3, activation: 'sigmoid' }], 'mse');
const gd = { kind: 'gd', learningRate: 0.01 } as const;

const xorTable = xorTable4();

describe('trainer', () => {
  it('the Iris simple document (batch 1, 400 epochs) reaches training accuracy 0.96 on the typed engine', async () => {
    const document = JSON.parse(readFileSync(new URL('../io/examples/iris-simple.json', import.meta.url), 'utf8'));
    const { trainer } = await openSession({ document, settings: { engine: 'typed', evaluateEachEpoch: false } });
    expect(trainer.learner.model.term).toBe('linear[4→3] ; bias ; sigmoid');
    expect(trainer.settings).toMatchObject({ epochs: 400, batchSize: 1 });
    expect(trainer.hypers().learningRate).toBe(0.01);
    const result = await trainer.run();
    const rate = Math.round(result.steps / result.seconds);
    console.log(
      `Iris simple: ${result.steps} steps in ${result.seconds.toFixed(2)} s (${rate} steps/s), accuracy ${result.train.accuracy}`,
    );
    expect(result.status).toBe('done');
    expect(result.steps).toBe(60000);
    expect(result.train.accuracy).toBeGreaterThanOrEqual(0.96);
    expect(result.train.confusion?.flat().reduce((a, b) => a + b, 0)).toBe(150);
  });

  it('the same seed gives the same loss trace on tfjs cpu and typed float32', async () => {
    const iris = await loadDataset('iris');
    const trace = async (engine: 'tfjs' | 'typed') => {
      const t = createTrainer(irisSimple(), iris, {
        epochs: 3,
        batchSize: 8,
        seed: 5,
        engine,
        optimiser: { kind: 'adam', learningRate: 0.05 },
      });
      const losses: number[] = [];
      t.onStep((m) => losses.push(m.loss));
      await t.run();
      t.dispose();
      return losses;
    };
    const [a, b] = [await trace('tfjs'), await trace('typed')];
    expect(a.length).toBe(3 * 19);
    const worst = Math.max(...a.map((l, i) => Math.abs(l - b[i]) / Math.max(1, l)));
    expect(worst).toBeLessThan(1e-5);
  });

  it('10,000 tfjs steps hold no more tensors than the first 1,000, and none after the run', async () => {
    // Catches the mutant "a step does not dispose the values it replaced" (runners/tfjs.ts
    // adopt): the count then grows step after step. Kept checkpoints (guard.ts) come and go, so
    // the bound is the most held during the first 1,000 steps, not one moment's count.
    const trainer = createTrainer(denseModel(2, [{ units: 1, activation: 'sigmoid' }]), xorTable, {
      epochs: 10000,
      batchSize: 4,
      seed: 1,
      engine: 'tfjs',
      optimiser: { kind: 'momentum', learningRate: 0.1 },
      evaluateEachEpoch: false,
    });
    const before = tf.memory().numTensors;
    let warm = 0;
    let later = 0;
    trainer.onStep((m) => {
      const n = tf.memory().numTensors;
      if (m.step <= 1000) warm = Math.max(warm, n);
      else later = Math.max(later, n);
      if (m.step === 5000) trainer.setHypers({ learningRate: 0.05 });
    });
    const result = await trainer.run();
    expect(result.steps).toBe(10000);
    expect(later).toBeLessThanOrEqual(warm);
    expect(tf.memory().numTensors).toBe(before);
    trainer.dispose();
    expect(tf.memory().numTensors).toBeLessThan(before);
  });

  it('tfjs reads outputs back every few steps, asynchronously, with the same losses as a read per step', async () => {
    const iris = await loadDataset('iris');
    const trace = async (readEvery: number) => {
      const t = createTrainer(irisSimple(), iris, {
        epochs: 2,
        batchSize: 8,
        seed: 5,
        engine: 'tfjs',
        readEvery,
        optimiser: gd,
      });
      const losses: number[] = [];
      t.onStep((m) => losses.push(m.loss));
      const before = tf.memory().numTensors;
      const result = await t.run();
      expect(tf.memory().numTensors).toBe(before);
      t.dispose();
      return { losses, result };
    };
    const [each, deferred] = [await trace(1), await trace(7)];
    expect(deferred.losses.length).toBe(2 * 19);
    expect(deferred.losses).toEqual(each.losses);
    expect(deferred.result.train).toEqual(each.result.train);
  });

  it("engine 'auto' keeps typed for a small model without starting tfjs", async () => {
    const iris = await loadDataset('iris');
    const auto = createTrainer(irisSimple(), iris, { epochs: 1, batchSize: 8, seed: 5, optimiser: gd, engine: 'auto' });
    const { enginePick } = await auto.run();
    expect(enginePick).toEqual({ picked: 'typed', usPerStep: { typed: 0, tfjs: null }, small: 15 * 8 });
    expect(auto.engine).toBe('typed-float32');
  });

  it("engine 'auto' times both engines, keeps the faster and trains exactly as that engine would", async () => {
    const iris = await loadDataset('iris');
    // 163 weights × 128 rows: above the size Auto keeps typed for without a race.
    const hidden = () =>
      denseModel(
        4,
        [
          { units: 20, activation: 'sigmoid' },
          { units: 3, activation: 'sigmoid' },
        ],
        'mse',
      );
    const settings = { epochs: 2, batchSize: 128, seed: 5, optimiser: gd };
    const auto = createTrainer(hidden(), iris, { ...settings, engine: 'auto' });
    const epochs: string[] = [];
    auto.onEpoch((e) => epochs.push(e.engine));
    const result = await auto.run();
    const pick = result.enginePick;
    expect(pick?.usPerStep.typed).toBeGreaterThan(0);
    expect(pick?.usPerStep.tfjs).toBeGreaterThan(0);
    const faster = (pick?.usPerStep.tfjs ?? 0) < (pick?.usPerStep.typed ?? 0) ? 'tfjs' : 'typed';
    expect(pick?.picked).toBe(faster);
    expect(result.engine).toBe(auto.engine);
    expect(epochs).toEqual([auto.engine, auto.engine]);
    const direct = createTrainer(hidden(), iris, { ...settings, engine: faster });
    await direct.run();
    expect(auto.weights()).toEqual(direct.weights());
    auto.dispose();
    direct.dispose();
  });

  it('a learning rate set to 0 between steps freezes the weights (no recompiling)', async () => {
    const trainer = createTrainer(denseModel(2, [{ units: 1 }]), xorTable, {
      epochs: 3,
      batchSize: 2,
      seed: 3,
      optimiser: gd,
    });
    let frozen: Float32Array[] = [];
    trainer.onStep((m) => {
      if (m.step === 2) {
        trainer.setHypers({ learningRate: 0 });
        frozen = trainer.weights();
      }
    });
    const program = trainer.learner.stepProgram;
    await trainer.run();
    expect(trainer.learner.stepProgram).toBe(program);
    expect(trainer.weights()).toEqual(frozen);
  });

  it('a trace keeps every buffer of one step, consistent with its metrics', async () => {
    for (const engine of ['typed', 'tfjs'] as const) {
      const trainer = createTrainer(irisSimple(), await loadDataset('iris'), {
        epochs: 1,
        batchSize: 10,
        seed: 2,
        engine,
        optimiser: gd,
      });
      const traced = trainer.traceNextStep();
      let first: StepMetrics | undefined;
      trainer.onStep((m) => (first ??= m));
      await trainer.run();
      const { step, trace } = await traced;
      const program = trainer.learner.stepProgram;
      expect(step).toBe(1);
      expect(trace.buffers.length).toBe(program.nBuffers);
      const loss = trace.buffers[program.outputs[program.outputs.length - 2]];
      expect(loss?.shape).toEqual([10]);
      const mean = Array.from(loss?.data ?? []).reduce((a, b) => a + b, 0) / 10;
      expect(mean).toBeCloseTo(first?.loss ?? Number.NaN, 6);
      trainer.dispose();
    }
  });

  it('splits off a test set and reports both', async () => {
    const iris = await loadDataset('iris');
    const trainer = createTrainer(irisSimple(), iris, {
      epochs: 2,
      batchSize: 16,
      seed: 4,
      testFraction: 0.2,
      optimiser: gd,
    });
    const epochs: number[] = [];
    trainer.onEpoch((e) => epochs.push(e.test?.n ?? 0));
    const result = await trainer.run();
    expect(epochs).toEqual([30, 30]);
    expect(result.train.n).toBe(120);
    expect(result.test?.n).toBe(30);
  });

  it.each([0.9, 0.999999])('refuses a test fraction (%s) that leaves no row to train on, naming the counts', (f) => {
    const settings = { epochs: 1000, batchSize: 2, seed: 1, testFraction: f, optimiser: gd };
    expect(() => createTrainer(denseModel(2, [{ units: 1 }]), xorTable, settings)).toThrow(
      `a test fraction of ${f} leaves 0 of the 4 rows to train on (4 held out for testing)`,
    );
  });
});

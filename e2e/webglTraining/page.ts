/**
 * A test-only page (never part of the app's build): trains the bench's 2-16-16-1 MLP with the
 * compiled learner step, exactly as the bench's "compiled vs variableGrads" row does, on one
 * tfjs backend, and answers `window.lensboardWebglTraining.run(backend, batch, steps)` with the
 * backend read back, every step's loss and the kernels of one more step. Built with Vite's API by `webgl-training.spec.ts`.
 */
import * as tf from '@tensorflow/tfjs';
import { compiledRunner } from '../../bench/compiled/trainer';
import { initialWeights, type MlpSpec, syntheticBatch } from '../../bench/peers/spec';

export interface TrainingRun {
  readonly backend: string;
  readonly losses: number[];
  /** Kernels of one more profiled step, by name (the fused pointwise runs are `LensboardFused`). */
  readonly kernels: Record<string, number>;
}

export interface TrainingPage {
  run(backend: 'webgl' | 'cpu', batch: number, steps: number): Promise<TrainingRun>;
}

async function run(backend: 'webgl' | 'cpu', batch: number, steps: number): Promise<TrainingRun> {
  await tf.setBackend(backend);
  await tf.ready();
  const spec: MlpSpec = {
    sizes: [2, 16, 16, 1],
    hidden: 'tanh',
    output: 'linear',
    loss: 'mse',
    optimiser: { kind: 'adam', learningRate: 0.01 },
    batch,
  };
  const data = syntheticBatch(spec, 7);
  const runner = compiledRunner(spec, initialWeights(spec, 7), 'tfjs');
  const rows = { features: data.x.data, labels: data.y.data, n: batch };
  const losses: number[] = [];
  const kernels: Record<string, number> = {};
  try {
    for (let s = 0; s < steps; s++) losses.push(Array.from(runner.step(rows).loss).reduce((a, l) => a + l, 0));
    const profile = await tf.profile(() => {
      runner.step(rows);
    });
    for (const k of profile.kernels) kernels[k.name] = (kernels[k.name] ?? 0) + 1;
  } finally {
    runner.dispose();
  }
  return { backend: tf.getBackend(), losses, kernels };
}

(window as unknown as { lensboardWebglTraining: TrainingPage }).lensboardWebglTraining = { run };

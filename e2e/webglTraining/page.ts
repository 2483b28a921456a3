/**
 * A test-only page (never part of the app's build): trains the bench's 2-16-16-1 MLP with the
 * compiled learner step, exactly as the bench's "compiled vs variableGrads" row does, on one
 * tfjs backend, and answers `window.lensboardWebglTraining.run(backend, batch, steps)` with the
 * backend read back, every step's loss and the kernels of one more step; and `images(backend,
 * case)` runs the lens of a convolution-and-pooling diagram with odd sizes on that backend and
 * on the float64 typed engine. Built with Vite's API by `webgl-training.spec.ts`.
 */
import * as tf from '@tensorflow/tfjs';
import { DiagramBuilder, fullShape, lowerLens, mulberry32, param, real, shapeSize } from '../../src/core';
import { createTfjsEngine, createTypedEngine } from '../../src/engines';
import { startExactly } from '../../src/engines/backend';
import { compiledRunner } from '../../src/testing/compiledTrainer';
import { initialWeights, type MlpSpec, syntheticBatch } from '../../src/testing/mlpSpec';

export interface TrainingRun {
  readonly backend: string;
  readonly losses: number[];
  /** Kernels of one more profiled step, by name (the fused pointwise runs are `LensboardFused`). */
  readonly kernels: Record<string, number>;
}

/** A convolution case: image h×w×c, filter kh×kw×c×o, pooling window k, batch. */
export interface ImageCase {
  readonly image: [number, number, number];
  readonly filter: [number, number, number, number];
  readonly pool: number;
  readonly batch: number;
}

export interface ImageRun {
  readonly backend: string;
  /** Names of the lens's outputs (y, then the change of W and of x), their values on tfjs and in float64. */
  readonly names: string[];
  readonly tfjs: number[][];
  readonly float64: number[][];
  /** The generators the lens ran. */
  readonly gens: string[];
}

export interface TrainingPage {
  run(backend: 'webgl' | 'cpu', batch: number, steps: number): Promise<TrainingRun>;
  images(backend: 'webgl' | 'cpu', c: ImageCase): Promise<ImageRun>;
}

/** tanh(maxPool(W ⋆ x)) and its reverse derivative, run on `backend` and on the float64 typed engine. */
async function images(backend: 'webgl' | 'cpu', c: ImageCase): Promise<ImageRun> {
  await startExactly(backend);
  const b = new DiagramBuilder();
  const w = b.input(param(c.filter));
  const x = b.input(real(c.image));
  b.output(b.op('tanh', [b.op('maxPool2d', [b.op('correlate2d', [w, x])], { k: c.pool })]));
  const program = lowerLens(b.build());
  const rng = mulberry32(11);
  const inputs = program.inputs.map((k) => {
    const t = program.bufferTypes[k];
    const shape = fullShape(t, c.batch);
    const data = Float32Array.from({ length: shapeSize(shape) }, () => 2 * rng() - 1);
    return { shape, data };
  });
  const float64 = createTypedEngine(program, { dtype: 'float64' }).run(inputs);
  const tensors = inputs.map((t) => tf.tensor(t.data, t.shape));
  const out = createTfjsEngine(program).run(tensors);
  const values = await Promise.all(out.map((t) => t.data()));
  tf.dispose([...tensors, ...out]);
  return {
    backend: tf.getBackend(),
    names: ['y', 'dW', 'dx'],
    tfjs: values.map((v) => Array.from(v)),
    float64: float64.map((t) => Array.from(t.data)),
    gens: [...new Set(program.steps.map((s) => s.gen))],
  };
}

async function run(backend: 'webgl' | 'cpu', batch: number, steps: number): Promise<TrainingRun> {
  await startExactly(backend);
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

(window as unknown as { lensboardWebglTraining: TrainingPage }).lensboardWebglTraining = { run, images };

/**
 * The whole `iris-hidden` run (the paper's 4 → 20 σ → 3 σ, batch 1, 150 rows a epoch) through
 * the learn trainer from the example document, and the same run for the tfjs-layers peer.
 * Runs in Node and in the bench page alike.
 */
import { loadDataset } from '../../src/data/catalog';
import { loadExample } from '../../src/io/examples/index';
import type { EngineName } from '../../src/learn/runners/types';
import { openSession } from '../../src/learn/session';
import { initialWeights, type MlpSpec } from '../../src/testing/mlpSpec';
import { type LayersRunMode, layersRun } from './peers/layersRun';

export const IRIS_EXAMPLE = 'iris-hidden';

export interface RunTiming {
  readonly epochs: number;
  readonly steps: number;
  readonly seconds: number;
  /** Training accuracy at the end (compiled runs only). */
  readonly accuracy?: number | null;
  /** Seconds of each epoch, when they were timed one by one (then the median extrapolates). */
  readonly epochSeconds?: readonly number[];
}

/** The document's run, cut to `epochs` epochs; no evaluation between epochs (as the paper's code). */
export async function compiledIrisRun(
  engine: EngineName,
  epochs?: number,
  seed = 1,
): Promise<RunTiming & { full: number }> {
  const doc = loadExample(IRIS_EXAMPLE);
  const { trainer } = await openSession({
    document: doc,
    settings: { engine, seed, evaluateEachEpoch: false, ...(epochs !== undefined ? { epochs } : {}) },
  });
  try {
    const r = await trainer.run();
    return {
      epochs: r.epochs,
      steps: r.steps,
      seconds: r.seconds,
      accuracy: r.train.accuracy,
      full: doc.training?.epochs ?? r.epochs,
    };
  } finally {
    trainer.dispose();
  }
}

/** The same learner in tfjs-layers: Dense 20 σ, Dense 3 σ, ½Σ MSE, SGD 0.01, batch 1. */
export const IRIS_LAYERS_SPEC: MlpSpec = {
  sizes: [4, 20, 3],
  hidden: 'sigmoid',
  output: 'sigmoid',
  loss: 'mse',
  optimiser: { kind: 'gd', learningRate: 0.01 },
  batch: 1,
};

export async function layersIrisRun(epochs: number, mode: LayersRunMode): Promise<RunTiming> {
  const ds = await loadDataset('iris');
  const data = {
    x: { shape: [ds.n, ...ds.featureShape], data: ds.features },
    y: { shape: [ds.n, ...ds.labelShape], data: ds.labels },
  };
  const epochSeconds = await layersRun(IRIS_LAYERS_SPEC, initialWeights(IRIS_LAYERS_SPEC, 1), data, epochs, mode);
  const seconds = epochSeconds.reduce((a, b) => a + b, 0);
  return { epochs, steps: epochs * ds.n, seconds, epochSeconds };
}

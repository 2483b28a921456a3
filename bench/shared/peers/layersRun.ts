/**
 * Peer (a) over a whole run: the tfjs-layers model trained epoch after epoch on a dataset with
 * batch 1, shuffled each epoch, as a tfjs user writes it — either `trainOnBatch` on slices of
 * the data tensors, or one `model.fit` call.
 */
import * as tf from '@tensorflow/tfjs';
import { mulberry32 } from '../../../src/core/init';
import type { MlpSpec, PlainArray } from '../../../src/testing/mlpSpec';
import { buildLayersModel } from './layers';

export type LayersRunMode = 'trainOnBatch' | 'fit';

export interface RunData {
  readonly x: PlainArray;
  readonly y: PlainArray;
}

/**
 * Trains one untimed epoch (tfjs builds its train function on the first batch), then `epochs`
 * timed epochs; returns the seconds of each timed epoch.
 */
export async function layersRun(
  spec: MlpSpec,
  weights: readonly PlainArray[],
  data: RunData,
  epochs: number,
  mode: LayersRunMode,
  seed = 1,
): Promise<number[]> {
  const { model, optimizer } = buildLayersModel(spec, weights);
  const xs = tf.tensor(data.x.data, [...data.x.shape]);
  const ys = tf.tensor(data.y.data, [...data.y.shape]);
  const n = data.x.shape[0];
  const rng = mulberry32(seed);
  const order = Array.from({ length: n }, (_, i) => i);
  const epoch = async () => {
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rng() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (let start = 0; start < n; start += spec.batch) {
      const idx = tf.tensor1d(order.slice(start, start + spec.batch), 'int32');
      const [xb, yb] = [tf.gather(xs, idx), tf.gather(ys, idx)];
      await model.trainOnBatch(xb, yb);
      tf.dispose([idx, xb, yb]);
    }
  };
  const seconds: number[] = [];
  let t0 = 0;
  const fitEpochs = (e: number, timed: boolean) =>
    model.fit(xs, ys, {
      batchSize: spec.batch,
      epochs: e,
      shuffle: true,
      verbose: 0,
      callbacks: timed
        ? {
            onEpochBegin: async () => {
              t0 = performance.now();
            },
            onEpochEnd: async () => {
              seconds.push((performance.now() - t0) / 1000);
            },
          }
        : undefined,
    });
  try {
    await (mode === 'fit' ? fitEpochs(1, false) : epoch());
    if (mode === 'fit') await fitEpochs(epochs, true);
    for (let e = 0; mode === 'trainOnBatch' && e < epochs; e++) {
      t0 = performance.now();
      await epoch();
      seconds.push((performance.now() - t0) / 1000);
    }
    return seconds;
  } finally {
    tf.dispose([xs, ys]);
    model.dispose();
    optimizer.dispose();
  }
}

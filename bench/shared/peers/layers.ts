/**
 * Peer (a): what a tfjs user writes — `tf.sequential` of Dense layers with the given initial
 * weights, compiled with the same loss and optimiser, trained with `trainOnBatch`.
 */
import * as tf from '@tensorflow/tfjs';
import type { MlpSpec, PlainArray, Trainer } from '../../../src/testing/mlpSpec';
import { lossFn, makeOptimizer } from './tfjsParts';

/** The Sequential model with the given weights, compiled with the spec's loss and optimiser. */
export function buildLayersModel(
  spec: MlpSpec,
  weights: readonly PlainArray[],
): { model: tf.Sequential; optimizer: tf.Optimizer } {
  const model = tf.sequential();
  for (let l = 1; l < spec.sizes.length; l++) {
    const last = l === spec.sizes.length - 1;
    model.add(
      tf.layers.dense({
        units: spec.sizes[l],
        activation: last ? spec.output : spec.hidden,
        ...(l === 1 ? { inputShape: [spec.sizes[0]] } : {}),
      }),
    );
  }
  const init = weights.map((w) => tf.tensor(w.data, [...w.shape]));
  model.setWeights(init);
  tf.dispose(init);
  const optimizer = makeOptimizer(spec.optimiser);
  model.compile({ optimizer, loss: lossFn(spec.loss) });
  return { model, optimizer };
}

export function createLayersPeer(
  spec: MlpSpec,
  weights: readonly PlainArray[],
  batch: { x: PlainArray; y: PlainArray },
): Trainer {
  const { model, optimizer } = buildLayersModel(spec, weights);
  const x = tf.tensor(batch.x.data, [...batch.x.shape]);
  const y = tf.tensor(batch.y.data, [...batch.y.shape]);
  return {
    step: async () => (await model.trainOnBatch(x, y)) as number,
    dispose() {
      tf.dispose([x, y]);
      model.dispose();
      optimizer.dispose();
    },
  };
}

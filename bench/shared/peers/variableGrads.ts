/**
 * Peer (b): a hand-written loop — weights as tf.Variables, the forward pass in tf ops,
 * `tf.variableGrads` for the backward pass, `optimizer.applyGradients` for the update.
 */
import * as tf from '@tensorflow/tfjs';
import type { MlpSpec, PlainArray, Trainer } from '../../../src/testing/mlpSpec';
import { activate, lossFn, makeOptimizer } from './tfjsParts';

export function createVariableGradsPeer(
  spec: MlpSpec,
  weights: readonly PlainArray[],
  batch: { x: PlainArray; y: PlainArray },
): Trainer {
  const init = weights.map((w) => tf.tensor(w.data, [...w.shape]));
  const vars = init.map((t) => tf.variable(t));
  tf.dispose(init);
  const optimizer = makeOptimizer(spec.optimiser);
  const loss = lossFn(spec.loss);
  const x = tf.tensor(batch.x.data, [...batch.x.shape]);
  const y = tf.tensor(batch.y.data, [...batch.y.shape]);
  const forward = (): tf.Scalar => {
    let h: tf.Tensor = x;
    for (let l = 0; l < vars.length; l += 2) {
      const last = l + 2 === vars.length;
      h = activate(last ? spec.output : spec.hidden, tf.add(tf.matMul(h, vars[l]), vars[l + 1]));
    }
    return loss(y, h);
  };
  return {
    async step() {
      const { value, grads } = tf.variableGrads(forward, vars);
      optimizer.applyGradients(grads);
      tf.dispose(grads);
      const v = (await value.data())[0];
      value.dispose();
      return v;
    },
    dispose() {
      tf.dispose([x, y, ...vars]);
      optimizer.dispose();
    },
  };
}

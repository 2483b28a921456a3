/**
 * The tfjs pieces both tfjs peers share: the loss as tfjs ops (summed over the batch, so a
 * step does the same arithmetic as the compiled learner's ½Σ or −Σ y log softmax) and the
 * optimiser. tfjs's momentum and Adam are the optimiser lenses of src/learn/optimisers with α = −ε.
 */
import * as tf from '@tensorflow/tfjs';
import type { Activation, OptimiserSpec, PeerLoss } from '../../../src/testing/mlpSpec';

export function lossFn(kind: PeerLoss): (yTrue: tf.Tensor, yPred: tf.Tensor) => tf.Scalar {
  if (kind === 'mse') return (y, yhat) => tf.mul(0.5, tf.sum(tf.square(tf.sub(yhat, y))));
  return (y, logits) => tf.neg(tf.sum(tf.mul(y, tf.logSoftmax(logits))));
}

export function makeOptimizer(o: OptimiserSpec): tf.Optimizer {
  switch (o.kind) {
    case 'gd':
      return tf.train.sgd(o.learningRate);
    case 'momentum':
      return tf.train.momentum(o.learningRate, o.momentum ?? 0.9);
    case 'adam':
      return tf.train.adam(o.learningRate, o.beta1 ?? 0.9, o.beta2 ?? 0.999, o.epsilon ?? 1e-7);
  }
}

export function activate(a: Activation, x: tf.Tensor): tf.Tensor {
  switch (a) {
    case 'relu':
      return tf.relu(x);
    case 'sigmoid':
      return tf.sigmoid(x);
    case 'tanh':
      return tf.tanh(x);
    case 'linear':
      return x;
  }
}

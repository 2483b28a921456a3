/** The kernel interface's pointwise ops as public tfjs ops (shared by ./tfjsKernel and ./tfjsFused). */
import * as tf from '@tensorflow/tfjs';
import type { BinaryOp, UnaryOp } from '../core/kernel';

export const unaries: Record<UnaryOp, (x: tf.Tensor) => tf.Tensor> = {
  neg: tf.neg,
  sigmoid: tf.sigmoid,
  tanh: tf.tanh,
  relu: tf.relu,
  step: (x) => tf.step(x, 0),
  exp: tf.exp,
  log: tf.log,
  square: tf.square,
  sqrt: tf.sqrt,
  reciprocal: tf.reciprocal,
  softplus: tf.softplus,
  erf: tf.erf,
  mod2: (x) => tf.mod(x, 2),
  not: (x) => tf.sub(1, x),
};
export const binaries: Record<BinaryOp, (a: tf.Tensor, b: tf.Tensor) => tf.Tensor> = {
  add: tf.add,
  sub: tf.sub,
  mul: tf.mul,
  div: tf.div,
  xor: (a, b) => tf.mod(tf.add(a, b), 2),
  and: tf.mul,
};

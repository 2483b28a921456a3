/**
 * The example documents: each draws its learner in full (data input, model, output, label,
 * loss, learning-rate cap, optimiser) so that opening one shows the paper's whole picture.
 * The Iris and MNIST-conv ones are the paper's experiments; weights N(0, 0.01) read 0.01 as
 * the standard deviation, as numeric-optics-python's `initialize.normal(0, 0.01)` does.
 */
import type { LensDocument } from '../document';
import { parseDocument } from '../parse';
import deepDreaming from './deep-dreaming.json';
import irisHidden from './iris-hidden.json';
import irisSimple from './iris-simple.json';
import mnistConv from './mnist-conv.json';
import mnistMlp from './mnist-mlp.json';
import planeRegression from './plane-regression.json';
import xor from './xor.json';

export interface Example {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly json: unknown;
}

export const examples: readonly Example[] = [
  {
    id: 'xor',
    name: 'XOR',
    description:
      'A hidden layer of 8 tanh units learns the four quadrants of XOR: 2 → 8 tanh → 2, softmax cross-entropy, Adam.',
    json: xor,
  },
  {
    id: 'plane-regression',
    name: 'Linear regression',
    description:
      'The smallest learner: a plane y = x·W + b fitted to noisy points, ½Σ MSE, plain gradient descent ε = 0.005, a test split of 20% (try ε = 1e6 to see it diverge).',
    json: planeRegression,
  },
  {
    id: 'iris-simple',
    name: 'Iris, one dense layer',
    description:
      'The paper’s simple Iris model: linear ; bias ; sigmoid (4 → 3), ½Σ MSE, gradient descent ε = 0.01, batch 1.',
    json: irisSimple,
  },
  {
    id: 'iris-hidden',
    name: 'Iris, hidden layer',
    description: 'The paper’s hidden Iris model: 4 → 20 σ → 3 σ, ½Σ MSE, gradient descent ε = 0.01, batch 1.',
    json: irisHidden,
  },
  {
    id: 'mnist-conv',
    name: 'MNIST, convolutional',
    description:
      'The paper’s MNIST model: correlate 3×3 (1→3), relu, max-pool, correlate 4×4 (3→5), relu, max-pool, dense 125 → 10 σ; momentum.',
    json: mnistConv,
  },
  {
    id: 'mnist-mlp',
    name: 'MNIST, two dense layers',
    description: 'A multilayer perceptron: 784 → 128 relu → 10, softmax cross-entropy, Adam, batch 128.',
    json: mnistMlp,
  },
  {
    id: 'deep-dreaming',
    name: 'Deep dreaming',
    description:
      'Learning the input is the same construction as learning the weights: press Play to train the MNIST network (784 → 128 relu → 10) for an epoch, then in the Dream view choose to learn the input and press Play again. With the weights fixed, the same learner, Adam and reverse derivative draw the picture the model believes is a 3. The first layer starts small, N(0, 0.01), so pixels no digit inks stay blank.',
    json: deepDreaming,
  },
];

/** The example as a checked document; a broken example is a bug, so this throws. */
export function loadExample(id: string): LensDocument {
  const example = examples.find((e) => e.id === id);
  if (!example) throw new Error(`no example '${id}'; known: ${examples.map((e) => e.id).join(', ')}`);
  const parsed = parseDocument(example.json);
  if (!parsed.ok)
    throw new Error(
      `example '${id}' does not parse: ${parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    );
  return parsed.doc;
}

/**
 * The example documents: each draws its learner in full (data input, model, output, label,
 * loss, learning-rate cap, optimiser) so that opening one shows the paper's whole picture.
 * The Iris and MNIST-conv ones are the paper's experiments; weights N(0, 0.01) read 0.01 as
 * the standard deviation, as numeric-optics-python's `initialize.normal(0, 0.01)` does.
 */
import type { LensDocument } from '../document';
import catgptTiny from './catgpt-tiny.json';
import curveFit from './curve-fit.json';
import deepDreaming from './deep-dreaming.json';
import { parseExample } from './first';
import irisHidden from './iris-hidden.json';
import irisSimple from './iris-simple.json';
import irisSoftmaxCe from './iris-softmax-ce.json';
import irisSoftmaxMse from './iris-softmax-mse.json';
import mnistConv from './mnist-conv.json';
import mnistMlp from './mnist-mlp.json';
import optimiserAdagrad from './optimiser-adagrad.json';
import optimiserAdam from './optimiser-adam.json';
import optimiserGd from './optimiser-gd.json';
import optimiserMomentum from './optimiser-momentum.json';
import optimiserNesterov from './optimiser-nesterov.json';
import parityCircuit from './parity-circuit.json';
import planeRegression from './plane-regression.json';
import rdaIris2 from './rda-iris2.json';
import rdaIris3 from './rda-iris3.json';
import residual from './residual.json';
import spirals from './spirals.json';
import weightTying from './weight-tying.json';
import xor from './xor.json';

/** The gallery's sections, in the order the Examples dialog shows them. */
export const EXAMPLE_GROUPS = [
  'First learners',
  'The paper’s experiments',
  'Optimisers compared',
  'Constructions',
  'Attention',
  'Boolean circuits (ℤ₂)',
  'Learning the input',
] as const;
export type ExampleGroup = (typeof EXAMPLE_GROUPS)[number];

/** A line under a group's heading, where its examples share what the captions would repeat. */
export const EXAMPLE_GROUP_NOTES: Partial<Record<ExampleGroup, string>> = {
  'Optimisers compared':
    'One task — moons, 2 → 8 tanh → 2, softmax cross-entropy, batch 16, seed 1 — five optimiser lenses: open each, press Play, compare the loss curves.',
  'Boolean circuits (ℤ₂)':
    'Circuits of gates over bits, learnt by Reverse Derivative Ascent: the loss is ŷ ⊕ y, the learning rate the identity, the update θ ⊕ θ′.',
};

export interface Example {
  readonly id: string;
  readonly name: string;
  readonly group: ExampleGroup;
  /** The construction it shows, in a sentence or two: the caption under its name. */
  readonly description: string;
  readonly json: unknown;
}

export const examples: readonly Example[] = [
  {
    id: 'xor',
    name: 'XOR',
    group: 'First learners',
    description:
      'A hidden layer of 8 tanh units learns the four quadrants of XOR: 2 → 8 tanh → 2, softmax cross-entropy, Adam.',
    json: xor,
  },
  {
    id: 'plane-regression',
    name: 'Linear regression',
    group: 'First learners',
    description:
      'The smallest learner: a plane y = x·W + b fitted to noisy points, ½Σ MSE, plain gradient descent ε = 0.005, a test split of 20% (try ε = 1e6 to see it diverge).',
    json: planeRegression,
  },
  {
    id: 'curve-fit',
    name: 'Fitting a curve',
    group: 'First learners',
    description:
      'One input, one output: 1 → 16 tanh → 1 fits y = sin x through noisy points, ½Σ MSE, Adam ε = 0.01, a test split of 20%; What it learnt draws the curve.',
    json: curveFit,
  },
  {
    id: 'spirals',
    name: 'Spirals',
    group: 'First learners',
    description: 'Two interleaved spirals need depth: 2 → 16 tanh → 16 tanh → 2, softmax cross-entropy, Adam ε = 0.01.',
    json: spirals,
  },
  {
    id: 'iris-simple',
    name: 'Iris, one dense layer',
    group: 'The paper’s experiments',
    description:
      'The paper’s simple Iris model: linear ; bias ; sigmoid (4 → 3), ½Σ MSE, gradient descent ε = 0.01, batch 1.',
    json: irisSimple,
  },
  {
    id: 'iris-hidden',
    name: 'Iris, hidden layer',
    group: 'The paper’s experiments',
    description: 'The paper’s hidden Iris model: 4 → 20 σ → 3 σ, ½Σ MSE, gradient descent ε = 0.01, batch 1.',
    json: irisHidden,
  },
  {
    id: 'mnist-conv',
    name: 'MNIST, convolutional',
    group: 'The paper’s experiments',
    description:
      'The paper’s MNIST model: correlate 3×3 (1→3), relu, max-pool, correlate 4×4 (3→5), relu, max-pool, dense 125 → 10 σ; momentum.',
    json: mnistConv,
  },
  {
    id: 'mnist-mlp',
    name: 'MNIST, two dense layers',
    group: 'The paper’s experiments',
    description: 'A multilayer perceptron: 784 → 128 relu → 10, softmax cross-entropy, Adam, batch 128.',
    json: mnistMlp,
  },
  {
    id: 'optimiser-gd',
    name: 'Gradient descent',
    group: 'Optimisers compared',
    description: 'The plainest lens: p ← p − ε∇, with ε = 0.05 and no state.',
    json: optimiserGd,
  },
  {
    id: 'optimiser-momentum',
    name: 'Momentum',
    group: 'Optimisers compared',
    description: 'A velocity s ← γs − ε∇ kept as the optimiser’s state, and p ← p + s (γ = 0.9, ε = 0.01).',
    json: optimiserMomentum,
  },
  {
    id: 'optimiser-nesterov',
    name: 'Nesterov',
    group: 'Optimisers compared',
    description: 'Momentum whose get looks ahead: the model runs at p + γs, not at p (γ = 0.9, ε = 0.01).',
    json: optimiserNesterov,
  },
  {
    id: 'optimiser-adagrad',
    name: 'AdaGrad',
    group: 'Optimisers compared',
    description: 'Each weight’s step divided by the root of the sum of its squared changes so far (ε = 0.1).',
    json: optimiserAdagrad,
  },
  {
    id: 'optimiser-adam',
    name: 'Adam',
    group: 'Optimisers compared',
    description: 'Bias-corrected running means of the change and of its square, three pieces of state (ε = 0.01).',
    json: optimiserAdam,
  },
  {
    id: 'iris-softmax-ce',
    name: 'Softmax cross-entropy',
    group: 'Constructions',
    description:
      'Iris, linear ; bias (4 → 3) read as logits by the softmax cross-entropy loss, whose reverse is softmax(ŷ) − y. Compare with its neighbour.',
    json: irisSoftmaxCe,
  },
  {
    id: 'iris-softmax-mse',
    name: 'Softmax, then MSE',
    group: 'Constructions',
    description:
      'The same Iris model with the softmax as a box in the model and ½Σ MSE after it: the backward pass now runs through R[softmax], and learning is slower.',
    json: irisSoftmaxMse,
  },
  {
    id: 'weight-tying',
    name: 'Weight tying',
    group: 'Constructions',
    description:
      'One parameter W wired into two linear boxes: the compiler copies the wire, and since R[copy] = add, W’s change is the sum of both uses. Moons, Adam.',
    json: weightTying,
  },
  {
    id: 'residual',
    name: 'Residual connection',
    group: 'Constructions',
    description:
      'h + tanh(hW + b): the skip is an explicit copy box whose reverse adds the change that comes back through the block to the one that skips it. Circles, Adam.',
    json: residual,
  },
  {
    id: 'catgpt-tiny',
    name: 'CatGPT, tiny',
    group: 'Attention',
    description:
      'A character-level transformer on Lincoln’s addresses: embedding + position, 2 pre-norm blocks (causal self-attention with its 2 heads as parallel wires, residual copies and adds, layer norms, an MLP 32 → 128 GELU → 32), a last layer norm and a linear map to the 76 characters; softmax cross-entropy at every position, Adam ε = 0.003. Open a block to see the heads.',
    json: catgptTiny,
  },
  {
    id: 'parity-circuit',
    name: 'Parity circuit',
    group: 'Boolean circuits (ℤ₂)',
    description:
      'Which bits does a parity read? A mask p ∧ x feeds a parity gate; each wrong answer flips the bits of p that x has on, until p = 1111 and no answer is wrong.',
    json: parityCircuit,
  },
  {
    id: 'rda-iris2',
    name: 'Binarised Iris, 2 classes',
    group: 'Boolean circuits (ℤ₂)',
    description:
      'Table 1 of the RDA paper: each feature cut at the middle of its range, a 4-input lookup table (basis, copy, multiply by θ, add) of 16 bits, all 0 at the start. One pass over the first 25 rows of each class gets 98.0% of the others right (npm run experiment -- rda-iris2); Play here trains on a random half.',
    json: rdaIris2,
  },
  {
    id: 'rda-iris3',
    name: 'Binarised Iris, 3 classes',
    group: 'Boolean circuits (ℤ₂)',
    description:
      'The same lookup table with 2 output bits (32 parameter bits) on all three species: 73.3% with the UCI file’s rows 35 and 38, as in the paper, and 74.7% with Fisher’s corrected rows (a dataset option; npm run experiment -- rda-iris3).',
    json: rdaIris3,
  },
  {
    id: 'deep-dreaming',
    name: 'Deep dreaming',
    group: 'Learning the input',
    description:
      'Learning the input is the same construction as learning the weights: press Play to train the MNIST network (784 → 128 relu → 10) for an epoch, then in the Dream view choose to learn the input and press Play again. With the weights fixed, the same learner, Adam and reverse derivative draw the picture the model believes is a 3. The first layer starts small, N(0, 0.01), so pixels no digit inks stay blank.',
    json: deepDreaming,
  },
];

/** The example as a checked document; a broken example is a bug, so this throws. */
export function loadExample(id: string): LensDocument {
  const example = examples.find((e) => e.id === id);
  if (!example) throw new Error(`no example '${id}'; known: ${examples.map((e) => e.id).join(', ')}`);
  return parseExample(id, example.json);
}

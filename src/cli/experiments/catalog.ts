/**
 * The paper's experiments, each an example document plus what to report and what the paper's
 * own code (numeric-optics-python) reaches, so the printout says pass or miss.
 */
export interface SeedTarget {
  /** Training accuracy to reach… */
  readonly accuracy: number;
  /** …on at least this many of ten seeds. */
  readonly seedsOutOfTen: number;
}

export interface Experiment {
  readonly name: string;
  /** The example document (src/io/examples) it trains. */
  readonly example: string;
  readonly description: string;
  /** `train`: training accuracy at the end, over seeds; `test`: test accuracy per epoch on the fixed MNIST split. */
  readonly report: 'train' | 'test';
  readonly defaultSeeds: number;
  readonly targets: readonly SeedTarget[];
}

export const EXPERIMENTS: readonly Experiment[] = [
  {
    name: 'iris-simple',
    example: 'iris-simple',
    description: 'Iris, dense 4 → 3 σ; N(0, 0.01) weights, ½Σ MSE, gradient descent ε = 0.01, batch 1, 400 epochs',
    report: 'train',
    defaultSeeds: 10,
    targets: [{ accuracy: 0.96, seedsOutOfTen: 10 }],
  },
  {
    name: 'iris-hidden',
    example: 'iris-hidden',
    description: 'Iris, 4 → 20 σ → 3 σ; N(0, 0.01) weights, ½Σ MSE, gradient descent ε = 0.01, batch 1, 400 epochs',
    report: 'train',
    defaultSeeds: 10,
    targets: [{ accuracy: 0.98, seedsOutOfTen: 8 }],
  },
  {
    name: 'mnist-conv',
    example: 'mnist-conv',
    description: 'MNIST, the paper’s convolutional network; ½Σ MSE, momentum γ = 0.1, ε = 0.01, batch 1',
    report: 'test',
    defaultSeeds: 1,
    targets: [],
  },
  {
    name: 'mnist-mlp',
    example: 'mnist-mlp',
    description: 'MNIST, 784 → 128 relu → 10; softmax cross-entropy, Adam, batch 128',
    report: 'test',
    defaultSeeds: 1,
    targets: [],
  },
];

export const experimentNames = EXPERIMENTS.map((e) => e.name);

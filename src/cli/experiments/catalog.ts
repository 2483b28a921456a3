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
  /**
   * `train`: training accuracy at the end, over seeds; `test`: test accuracy per epoch on the
   * fixed MNIST split; `rda`: one ordered pass of Reverse Derivative Ascent, test accuracy on
   * both versions of Iris's rows 35 and 38 (./rda.ts), no seeds.
   */
  readonly report: 'train' | 'test' | 'rda';
  readonly defaultSeeds: number;
  readonly targets: readonly SeedTarget[];
  /** `rda`: the paper's test accuracy (Table 1), reached with the UCI file's rows. */
  readonly table1?: number;
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
  {
    name: 'rda-iris2',
    example: 'rda-iris2',
    description:
      'Binarised Iris, setosa vs versicolor; 4-input lookup table (16 bits, all 0), Reverse Derivative Ascent, one pass',
    report: 'rda',
    defaultSeeds: 1,
    targets: [],
    table1: 0.98,
  },
  {
    name: 'rda-iris3',
    example: 'rda-iris3',
    description:
      'Binarised Iris, three species; 4-input lookup table (32 bits, all 0), Reverse Derivative Ascent, one pass',
    report: 'rda',
    defaultSeeds: 1,
    targets: [],
    table1: 0.733,
  },
];

export const experimentNames = EXPERIMENTS.map((e) => e.name);

/**
 * What a benchmark trains: an MLP given by its layer sizes, activations, loss, optimiser and
 * batch, plus its initial weights and one fixed batch of data, both from a seed. Every
 * implementation (tfjs-layers, the variableGrads loop, the compiled Program) starts from the
 * same numbers, so their steps do the same arithmetic. Nothing here imports Lensboard's training
 * code; the seeded stream is the core's mulberry32, the same in Node and Chromium.
 */
import { mulberry32 } from '../core/init';

export type Activation = 'relu' | 'sigmoid' | 'tanh' | 'linear';

/** Losses summed over the batch, per-example forms as docs/architecture.md gives them: ½Σ(ŷ−y)², −Σ y log softmax(ŷ). */
export type PeerLoss = 'mse' | 'softmax-cross-entropy';

export interface OptimiserSpec {
  readonly kind: 'gd' | 'momentum' | 'adam';
  readonly learningRate: number;
  readonly momentum?: number;
  readonly beta1?: number;
  readonly beta2?: number;
  readonly epsilon?: number;
}

export interface MlpSpec {
  /** Layer widths, input first: [2, 16, 16, 1]. */
  readonly sizes: readonly number[];
  readonly hidden: Activation;
  readonly output: Activation;
  readonly loss: PeerLoss;
  readonly optimiser: OptimiserSpec;
  readonly batch: number;
}

export interface PlainArray {
  readonly shape: readonly number[];
  readonly data: Float32Array;
}

export const mlpName = (spec: Pick<MlpSpec, 'sizes'>): string => spec.sizes.join('-');

/** [W1, b1, W2, b2, …]: W Glorot-uniform of shape [in, out], b zero, as tfjs-layers' Dense has them. */
export function initialWeights(spec: Pick<MlpSpec, 'sizes'>, seed: number): PlainArray[] {
  const rng = mulberry32(seed);
  const out: PlainArray[] = [];
  for (let l = 0; l + 1 < spec.sizes.length; l++) {
    const [n, m] = [spec.sizes[l], spec.sizes[l + 1]];
    const limit = Math.sqrt(6 / (n + m));
    const w = new Float32Array(n * m).map(() => (2 * rng() - 1) * limit);
    out.push({ shape: [n, m], data: w }, { shape: [m], data: new Float32Array(m) });
  }
  return out;
}

/** One batch: features uniform in [−1, 1]; labels one-hot for cross-entropy, else in [0, 1]. */
export function syntheticBatch(spec: MlpSpec, seed: number): { x: PlainArray; y: PlainArray } {
  const rng = mulberry32(seed ^ 0x9e3779b9);
  const n = spec.sizes[0];
  const m = spec.sizes[spec.sizes.length - 1];
  const x = new Float32Array(spec.batch * n).map(() => 2 * rng() - 1);
  const y = new Float32Array(spec.batch * m);
  for (let i = 0; i < spec.batch; i++) {
    if (spec.loss === 'softmax-cross-entropy') y[i * m + Math.floor(rng() * m)] = 1;
    else for (let j = 0; j < m; j++) y[i * m + j] = rng();
  }
  return { x: { shape: [spec.batch, n], data: x }, y: { shape: [spec.batch, m], data: y } };
}

/** Something that trains one step at a time; `step` resolves with the loss read back to the host. */
export interface Trainer {
  step(): Promise<number>;
  dispose(): void;
}

/** An implementation the bench compares: it makes a Trainer from the shared weights and batch. */
export type MakeTrainer = (
  spec: MlpSpec,
  weights: readonly PlainArray[],
  batch: { x: PlainArray; y: PlainArray },
) => Trainer;

export interface Impl {
  /** Row label: `tfjs-layers`, `variableGrads`, `compiled`. */
  readonly name: string;
  readonly make: MakeTrainer;
}

/**
 * The peer of the small end (bench/README.md, suite `smallsteps`): the paper's Iris hidden run —
 * 4 → 20 σ → 3 σ, ½Σ MSE, gradient descent, batch 1 — written by hand as a plain float64
 * JavaScript loop: the weights in Float64Arrays, the activations and changes in arrays made
 * once, the forward pass, the reverse pass and the update written out for exactly this
 * network. It takes the same initial weights and the same rows in the same order as
 * Lensboard's trainer, so the two compute the same final weights (bench/shared/plainIris.test.ts)
 * and their times compare the same arithmetic.
 */

/** The learnt values, row-major: W1 is 4 × 20 (input by unit), W2 is 20 × 3. */
export interface IrisWeights {
  readonly W1: Float64Array;
  readonly b1: Float64Array;
  readonly W2: Float64Array;
  readonly b2: Float64Array;
}

export interface PlainIrisRun {
  /** Rows of 4 features and of 3 one-hot labels, row-major. */
  readonly features: ArrayLike<number>;
  readonly labels: ArrayLike<number>;
  /** The rows each epoch visits, in order. */
  readonly orders: readonly ArrayLike<number>[];
  readonly epsilon: number;
}

const IN = 4;
const HIDDEN = 20;
const OUT = 3;

/** The sizes the loop is written for, checked before it runs. */
export function checkIrisWeights(w: IrisWeights): void {
  const want = { W1: IN * HIDDEN, b1: HIDDEN, W2: HIDDEN * OUT, b2: OUT } as const;
  for (const [name, n] of Object.entries(want)) {
    const got = w[name as keyof IrisWeights].length;
    if (got !== n) throw new Error(`plain iris loop: ${name} has ${got} values, the 4 → 20 → 3 network needs ${n}`);
  }
}

/**
 * Trains copies of `start` through every epoch of `run`; returns the final weights and the
 * sum of ½Σ(ŷ − y)² over each epoch's steps (each step's loss taken before its update).
 */
export function plainIrisTrain(start: IrisWeights, run: PlainIrisRun): { weights: IrisWeights; epochLoss: number[] } {
  checkIrisWeights(start);
  const W1 = Float64Array.from(start.W1);
  const b1 = Float64Array.from(start.b1);
  const W2 = Float64Array.from(start.W2);
  const b2 = Float64Array.from(start.b2);
  const h = new Float64Array(HIDDEN);
  const dh = new Float64Array(HIDDEN);
  const y = new Float64Array(OUT);
  const dy = new Float64Array(OUT);
  const { features: X, labels: T, epsilon } = run;
  const epochLoss: number[] = [];
  for (const order of run.orders) {
    let loss = 0;
    for (let r = 0; r < order.length; r++) {
      const xi = order[r] * IN;
      const ti = order[r] * OUT;
      for (let j = 0; j < HIDDEN; j++) {
        let s = b1[j];
        for (let i = 0; i < IN; i++) s += X[xi + i] * W1[i * HIDDEN + j];
        h[j] = 1 / (1 + Math.exp(-s));
      }
      for (let k = 0; k < OUT; k++) {
        let s = b2[k];
        for (let j = 0; j < HIDDEN; j++) s += h[j] * W2[j * OUT + k];
        const yk = 1 / (1 + Math.exp(-s));
        const e = yk - T[ti + k];
        loss += 0.5 * e * e;
        y[k] = yk;
        dy[k] = e * yk * (1 - yk);
      }
      for (let j = 0; j < HIDDEN; j++) {
        let s = 0;
        for (let k = 0; k < OUT; k++) s += W2[j * OUT + k] * dy[k];
        dh[j] = s * h[j] * (1 - h[j]);
      }
      for (let j = 0; j < HIDDEN; j++) for (let k = 0; k < OUT; k++) W2[j * OUT + k] -= epsilon * h[j] * dy[k];
      for (let k = 0; k < OUT; k++) b2[k] -= epsilon * dy[k];
      for (let i = 0; i < IN; i++) for (let j = 0; j < HIDDEN; j++) W1[i * HIDDEN + j] -= epsilon * X[xi + i] * dh[j];
      for (let j = 0; j < HIDDEN; j++) b1[j] -= epsilon * dh[j];
    }
    epochLoss.push(loss);
  }
  return { weights: { W1, b1, W2, b2 }, epochLoss };
}

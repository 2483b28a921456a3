/**
 * The losses ℓ : B ⊗ B → L, one lens per loss kind (the kinds are listed once, in
 * kinds/losses.ts, which the document schema, the loss box's choices and the trainer read). Each takes the prediction ŷ and
 * the label y (the loss's parameter, in the paper's words) and gives L: a real scalar per
 * example, except the ℤ₂ loss ŷ ⊕ y, which keeps one bit per output (Reverse Derivative Ascent
 * flips exactly those bits). Adding a loss is a function in one of the files beside this one
 * and one entry here and in kinds/losses.ts (docs/adding.md).
 */

import { DiagramBuilder } from '../../core/builder';
import type { Diagram } from '../../core/diagram';
import type { WireType } from '../../core/wire';
import { LOSS_KINDS, type LossKind, type LossKindSpec, lossKind } from '../../kinds/losses';
import { binaryCrossEntropy, softmaxCrossEntropy } from './classification';
import { dot, mse, mseMean } from './regression';

export { DEFAULT_LOSS, LOSS_KINDS, type LossKind } from '../../kinds/losses';

interface LossLens {
  /** Draws l = ℓ(ŷ, y) on `b`. */
  apply(b: DiagramBuilder, yhat: number, y: number): number;
  /**
   * ℓ and R[ℓ] as the textbook writes them, for captions (l′ is the change the cap sends back):
   * the diagram of a softmax prints as exp(…) and log(Σ(…)), which a student does not read.
   */
  readonly textbook: { readonly forward: string; readonly reverse: string; readonly term?: LossTerm };
}

/**
 * The one term per output that l sums, for a caption that shows the sum with its numbers
 * (`l = 0.006 + 0.003 = 0.009`); absent where l is not a sum of terms (ℤ₂ keeps one bit per
 * output). textbook.test holds Σᵢ term = l against the loss's diagram.
 */
export interface LossTerm {
  /** `½(ŷᵢ − yᵢ)²` */
  readonly text: string;
  /** Term i at ŷ and y (one example's, flattened). */
  at(yhat: ArrayLike<number>, y: ArrayLike<number>, i: number): number;
}

const logSoftmax = (z: ArrayLike<number>, i: number) => {
  let m = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < z.length; k++) m = Math.max(m, z[k]);
  let s = 0;
  for (let k = 0; k < z.length; k++) s += Math.exp(z[k] - m);
  return z[i] - m - Math.log(s);
};

const xor = { forward: 'l = ŷ ⊕ y', reverse: 'ŷ′ = l′; y′ = l′' };

/** One per kind; the order the palette offers them is the kinds' (kinds/losses.ts). */
const table: Readonly<Record<LossKind, LossLens>> = {
  mse: {
    apply: mse,
    textbook: {
      forward: 'l = ½Σ(ŷ − y)²',
      reverse: 'ŷ′ = l′·(ŷ − y); y′ = l′·(y − ŷ)',
      term: { text: '½(ŷᵢ − yᵢ)²', at: (yh, y, i) => (yh[i] - y[i]) ** 2 / 2 },
    },
  },
  'mse-mean': {
    apply: mseMean,
    textbook: {
      forward: 'l = (1/k)Σ(ŷ − y)², over the k outputs',
      reverse: 'ŷ′ = (2/k)·l′·(ŷ − y); y′ = −ŷ′',
      term: { text: '(ŷᵢ − yᵢ)²/k', at: (yh, y, i) => (yh[i] - y[i]) ** 2 / yh.length },
    },
  },
  'softmax-cross-entropy': {
    apply: softmaxCrossEntropy,
    textbook: {
      forward: 'l = −Σ y·log softmax(ŷ)',
      reverse: 'ŷ′ = l′·(softmax(ŷ)·Σy − y); y′ = −l′·log softmax(ŷ)',
      term: { text: '−yᵢ·log softmax(ŷ)ᵢ', at: (yh, y, i) => -y[i] * logSoftmax(yh, i) },
    },
  },
  'binary-cross-entropy': {
    apply: binaryCrossEntropy,
    textbook: {
      forward: 'l = Σ(softplus(ŷ) − y·ŷ), on logits ŷ',
      reverse: 'ŷ′ = l′·(σ(ŷ) − y); y′ = −l′·ŷ',
      // softplus(z) = max(z, 0) + log(1 + e^−|z|), finite at any z
      term: {
        text: 'softplus(ŷᵢ) − yᵢ·ŷᵢ',
        at: (yh, y, i) => Math.max(yh[i], 0) + Math.log1p(Math.exp(-Math.abs(yh[i]))) - y[i] * yh[i],
      },
    },
  },
  'z2-xor': { apply: (b, yhat, y) => b.op('xor', [yhat, y]), textbook: xor },
  dot: {
    apply: dot,
    textbook: {
      forward: 'l = Σ y·ŷ',
      reverse: 'ŷ′ = l′·y; y′ = l′·ŷ',
      term: { text: 'yᵢ·ŷᵢ', at: (yh, y, i) => y[i] * yh[i] },
    },
  },
};

export interface Loss extends LossKindSpec, LossLens {
  readonly kind: LossKind;
}

export function getLoss(kind: LossKind): Loss {
  const lens: LossLens | undefined = table[kind];
  if (!lens) throw new Error(`unknown loss '${kind}'; known: ${LOSS_KINDS.join(', ')}`);
  return { ...lossKind(kind), ...lens };
}

/** ℓ as a diagram (ŷ, y) → l for predictions of type `t`, e.g. to draw it or to test R[ℓ]. */
export function lossDiagram(kind: LossKind, t: WireType): Diagram {
  const loss = getLoss(kind);
  if (t.field !== loss.field) throw new Error(`the ${kind} loss needs ${loss.field} predictions, got ${t.field}`);
  const b = new DiagramBuilder();
  const [yhat, y] = b.inputs([t, t]);
  b.output(loss.apply(b, yhat, y));
  return b.build(`ℓ[${kind}]`);
}

/**
 * The losses ℓ : B ⊗ B → L, listed once: the table below is the list of loss kinds that the
 * document schema, the loss box's choices and the trainer accept. Each takes the prediction ŷ and
 * the label y (the loss's parameter, in the paper's words) and gives L: a real scalar per
 * example, except the ℤ₂ loss ŷ ⊕ y, which keeps one bit per output (Reverse Derivative Ascent
 * flips exactly those bits). Adding a loss is a function in one of the files beside this one
 * and one entry here (docs/adding.md).
 */

import { DiagramBuilder } from '../../core/builder';
import type { Diagram } from '../../core/diagram';
import type { Field, WireType } from '../../core/wire';
import { binaryCrossEntropy, softmaxCrossEntropy } from './classification';
import { dot, mse, mseMean } from './regression';

interface LossSpec {
  /** The field of ŷ and y it is defined on. */
  readonly field: Field;
  /** Whether ŷ is a logit (classes are read with threshold 0 rather than ½). */
  readonly logits: boolean;
  /** Draws l = ℓ(ŷ, y) on `b`. */
  apply(b: DiagramBuilder, yhat: number, y: number): number;
  /**
   * ℓ and R[ℓ] as the textbook writes them, for captions (l′ is the change the cap sends back):
   * the diagram of a softmax prints as exp(…) and log(Σ(…)), which a student does not read.
   */
  readonly textbook: { readonly forward: string; readonly reverse: string };
}

const xor = { forward: 'l = ŷ ⊕ y', reverse: 'ŷ′ = l′; y′ = l′' };

/** In the order the palette offers them. */
const table = {
  mse: {
    field: 'real',
    logits: false,
    apply: mse,
    textbook: { forward: 'l = ½Σ(ŷ − y)²', reverse: 'ŷ′ = l′·(ŷ − y); y′ = l′·(y − ŷ)' },
  },
  'mse-mean': {
    field: 'real',
    logits: false,
    apply: mseMean,
    textbook: { forward: 'l = (1/k)Σ(ŷ − y)², over the k outputs', reverse: 'ŷ′ = (2/k)·l′·(ŷ − y); y′ = −ŷ′' },
  },
  'softmax-cross-entropy': {
    field: 'real',
    logits: true,
    apply: softmaxCrossEntropy,
    textbook: { forward: 'l = −Σ y·log softmax(ŷ)', reverse: 'ŷ′ = l′·(softmax(ŷ)·Σy − y); y′ = −l′·log softmax(ŷ)' },
  },
  'binary-cross-entropy': {
    field: 'real',
    logits: true,
    apply: binaryCrossEntropy,
    textbook: { forward: 'l = Σ(softplus(ŷ) − y·ŷ), on logits ŷ', reverse: 'ŷ′ = l′·(σ(ŷ) − y); y′ = −l′·ŷ' },
  },
  'z2-xor': { field: 'z2', logits: false, apply: (b, yhat, y) => b.op('xor', [yhat, y]), textbook: xor },
  dot: {
    field: 'real',
    logits: false,
    apply: dot,
    textbook: { forward: 'l = Σ y·ŷ', reverse: 'ŷ′ = l′·y; y′ = l′·ŷ' },
  },
} satisfies Record<string, LossSpec>;

export type LossKind = keyof typeof table;

export interface Loss extends LossSpec {
  readonly kind: LossKind;
}

export const LOSS_KINDS = Object.keys(table) as [LossKind, ...LossKind[]];

/** What a freshly drawn loss box computes. */
export const DEFAULT_LOSS: LossKind = 'mse';

export function getLoss(kind: LossKind): Loss {
  const spec: LossSpec | undefined = table[kind];
  if (!spec) throw new Error(`unknown loss '${kind}'; known: ${LOSS_KINDS.join(', ')}`);
  return { kind, ...spec };
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

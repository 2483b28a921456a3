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
}

/** In the order the palette offers them. */
const table = {
  mse: { field: 'real', logits: false, apply: mse },
  'mse-mean': { field: 'real', logits: false, apply: mseMean },
  'softmax-cross-entropy': { field: 'real', logits: true, apply: softmaxCrossEntropy },
  'binary-cross-entropy': { field: 'real', logits: true, apply: binaryCrossEntropy },
  'z2-xor': { field: 'z2', logits: false, apply: (b, yhat, y) => b.op('xor', [yhat, y]) },
  dot: { field: 'real', logits: false, apply: dot },
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

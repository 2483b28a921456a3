/**
 * The losses ℓ : B ⊗ B → L by name. Each takes the prediction ŷ and the label y (the loss's
 * parameter, in the paper's words) and gives L: a real scalar per example, except the ℤ₂ loss
 * ŷ ⊕ y, which keeps one bit per output (Reverse Derivative Ascent flips exactly those bits).
 */

import type { LossKind } from '../../compile/types';
import { DiagramBuilder } from '../../core/builder';
import type { Diagram } from '../../core/diagram';
import type { Field, WireType } from '../../core/wire';
import { binaryCrossEntropy, softmaxCrossEntropy } from './classification';
import { dot, mse, mseMean } from './regression';

export type { LossKind } from '../../compile/types';

export interface Loss {
  readonly kind: LossKind;
  /** The field of ŷ and y it is defined on. */
  readonly field: Field;
  /** Whether ŷ is a logit (classes are read with threshold 0 rather than ½). */
  readonly logits: boolean;
  /** Draws l = ℓ(ŷ, y) on `b`. */
  apply(b: DiagramBuilder, yhat: number, y: number): number;
}

const real = (kind: LossKind, apply: Loss['apply'], logits = false): Loss => ({ kind, field: 'real', logits, apply });

export const losses: Readonly<Record<LossKind, Loss>> = {
  mse: real('mse', mse),
  'mse-mean': real('mse-mean', mseMean),
  'softmax-cross-entropy': real('softmax-cross-entropy', softmaxCrossEntropy, true),
  'binary-cross-entropy': real('binary-cross-entropy', binaryCrossEntropy, true),
  dot: real('dot', dot),
  'z2-xor': { kind: 'z2-xor', field: 'z2', logits: false, apply: (b, yhat, y) => b.op('xor', [yhat, y]) },
};

export const lossKinds = Object.keys(losses) as LossKind[];

export function getLoss(kind: LossKind): Loss {
  const loss = losses[kind];
  if (!loss) throw new Error(`unknown loss '${kind}'; known: ${lossKinds.join(', ')}`);
  return loss;
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

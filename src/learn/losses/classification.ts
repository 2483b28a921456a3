/**
 * Losses on logits, written stably from core generators so rdiff differentiates them.
 *
 * Softmax cross-entropy −Σ y log softmax(z) = (Σy)·lse(z) − ⟨y, z⟩. log-sum-exp needs a shift
 * c to stay finite, lse(z) = c + log Σ exp(z − c), and any c gives the same value and, since
 * ∂lse/∂c = 0, the same derivative. The core has no max generator, so c is the softmax-weighted
 * mean of the logits, c = ⟨softmax(z), z⟩ (softmax itself is computed stably by the engines):
 * then 0 ≤ max(z) − c ≤ (n−1)/e, so every exp(z − c) ≤ e^{(n−1)/e} and their sum is ≥ 1 —
 * no overflow, no log 0, and a constant number of ops whatever the number of classes.
 * R[ℓ] = (α(softmax(z)Σy − y), α(lse(z) − z)).
 *
 * On logits of more than one axis, [T, V] for a sequence, the softmax runs along the last axis
 * and ℓ is the sum over the rows of each row's loss (docs/model-format.md, "What a training
 * step computes"). A row whose label is all zero has mass Σy = 0, so it adds nothing to ℓ and
 * gets no gradient: that is how prompt positions stay untrained, with no rule of their own.
 *
 * Binary cross-entropy on logits: Σ softplus(z) − y·z (softplus is stable in both engines);
 * its reverse is α(σ(z) − y), α(−z).
 */
import type { DiagramBuilder } from '../../core/builder';
import { sumFeatures } from '../wiring';

/**
 * lse over the last feature axis of z: a per-example scalar for a vector, one per row (the
 * shape without its last axis) for more axes.
 */
export function logSumExp(b: DiagramBuilder, z: number): number {
  const shape = b.typeOf(z).shape;
  const s = b.op('softmax', [z]);
  const sumLast = (w: number) => lastAxisSum(b, w, shape.length);
  const c = sumLast(b.op('multiply', [s, z]));
  const axis = shape.length === 1 ? -1 : shape.length - 1;
  const shifted = b.op('subtract', [z, b.op('broadcast', [c], { shape: [...shape], axis })]);
  return b.op('add', [c, b.op('log', [sumLast(b.op('exp', [shifted]))])]);
}

/** Σ over the last feature axis (all of them for a vector, as the rank-1 loss always did). */
const lastAxisSum = (b: DiagramBuilder, w: number, rank: number) =>
  rank === 1 ? sumFeatures(b, w) : b.op('sumFeatures', [w], { axis: rank - 1 });

export function softmaxCrossEntropy(b: DiagramBuilder, z: number, y: number): number {
  const t = b.typeOf(z);
  if (t.shape.length < 1)
    throw new Error('softmax cross-entropy needs logits with a class axis (ℝ^V or ℝ^{T×V}), got a scalar');
  const rank = t.shape.length;
  const mass = lastAxisSum(b, y, rank);
  const inner = lastAxisSum(b, b.op('multiply', [y, z]), rank);
  const perRow = b.op('subtract', [b.op('multiply', [mass, logSumExp(b, z)]), inner]);
  return rank === 1 ? perRow : sumFeatures(b, perRow);
}

export function binaryCrossEntropy(b: DiagramBuilder, z: number, y: number): number {
  return sumFeatures(b, b.op('subtract', [b.op('softplus', [z]), b.op('multiply', [y, z])]));
}

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
 * Binary cross-entropy on logits: Σ softplus(z) − y·z (softplus is stable in both engines);
 * its reverse is α(σ(z) − y), α(−z).
 */
import type { DiagramBuilder } from '../../core/builder';
import { sumFeatures } from '../wiring';

/** lse over the last (only) feature axis of a rank-1 wire z, as a per-example scalar. */
export function logSumExp(b: DiagramBuilder, z: number): number {
  const shape = b.typeOf(z).shape;
  const s = b.op('softmax', [z]);
  const c = sumFeatures(b, b.op('multiply', [s, z]));
  const shifted = b.op('subtract', [z, b.op('broadcast', [c], { shape: [...shape], axis: -1 })]);
  return b.op('add', [c, b.op('log', [sumFeatures(b, b.op('exp', [shifted]))])]);
}

export function softmaxCrossEntropy(b: DiagramBuilder, z: number, y: number): number {
  const t = b.typeOf(z);
  if (t.shape.length !== 1)
    throw new Error(`softmax cross-entropy needs a vector of logits ℝ^n, got shape [${t.shape.join(',')}]`);
  const mass = sumFeatures(b, y);
  const inner = sumFeatures(b, b.op('multiply', [y, z]));
  return b.op('subtract', [b.op('multiply', [mass, logSumExp(b, z)]), inner]);
}

export function binaryCrossEntropy(b: DiagramBuilder, z: number, y: number): number {
  return sumFeatures(b, b.op('subtract', [b.op('softplus', [z]), b.op('multiply', [y, z])]));
}

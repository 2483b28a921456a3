/**
 * Losses that measure a distance or a score: ½Σ(ŷ−y)², its mean form, and the dot product.
 * Each is a diagram of core generators, so R[ℓ] comes from rdiff:
 *   R[½Σ(ŷ−y)²]((ŷ, y), α) = (α(ŷ−y), α(y−ŷ)),   R[y·ŷ]((ŷ, y), α) = (αy, αŷ).
 */
import type { DiagramBuilder } from '../../core/builder';
import { shapeSize } from '../../core/shape';
import { sumFeatures } from '../wiring';

/** ½ Σ (ŷ − y)², the paper's loss. */
export function mse(b: DiagramBuilder, yhat: number, y: number): number {
  const squares = b.op('square', [b.op('subtract', [yhat, y])]);
  return b.op('scale', [sumFeatures(b, squares)], { c: 0.5 });
}

/**
 * (1/n) Σ (ŷ − y)² over the n features: tfjs's `meanSquaredError` per example. It differs from
 * ½Σ by the factor 2/n, so gradients differ by 2/n as well.
 */
export function mseMean(b: DiagramBuilder, yhat: number, y: number): number {
  const n = shapeSize(b.typeOf(yhat).shape);
  const squares = b.op('square', [b.op('subtract', [yhat, y])]);
  return b.op('scale', [sumFeatures(b, squares)], { c: 1 / n });
}

/** y · ŷ: a score to push up or down (the paper's dot-product loss). */
export function dot(b: DiagramBuilder, yhat: number, y: number): number {
  return sumFeatures(b, b.op('multiply', [y, yhat]));
}

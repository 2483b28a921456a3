/**
 * What every target's op table reads off a node the same way (docs/export.md): the axes of a
 * wire's features, what a sum and a broadcast take, a clip's bounds, and the constant tables that `basis` and a causal softmax
 * are written with.
 */
import type { Config } from '../core/diagram';
import type { WireType } from '../core/wire';

/** How many axes stand before a wire's features: 1 when it is batched. */
export const lead = (t: WireType): number => (t.batch ? 1 : 0);

/** The axes of every feature dimension of a wire (the batch axis is 0 when batched). */
export const featureAxes = (t: WireType): number[] => t.shape.map((_, i) => i + lead(t));

/** The axes sumFeatures sums over: every feature axis when `axis` < 0, else that one (past the batch). */
export const summedAxes = (t: WireType, axis: number): number[] => (axis < 0 ? featureAxes(t) : [axis + lead(t)]);

/** The shape a broadcast reads its input as before repeating it to `shape`: 1 on the repeated axis (all, when `axis` < 0). */
export const keptShape = (shape: readonly number[], axis: number): number[] =>
  axis < 0 ? shape.map(() => 1) : shape.map((d, i) => (i === axis ? 1 : d));

/** A clip's lower bound. */
export const clipLow = (c: Config): number => c.min as number;
/** A clip's upper bound, never below the lower one (as the generator reads it). */
export const clipHigh = (c: Config): number => Math.max(c.min as number, c.max as number);

/** Row k of the 2ⁿ × n minterm table: the bits of k, first bit most significant (as `basis` reads them). */
export function mintermTable(n: number): Float32Array {
  const rows = new Float32Array(2 ** n * n);
  for (let k = 0; k < 2 ** n; k++) for (let i = 0; i < n; i++) rows[k * n + i] = (k >> (n - 1 - i)) & 1;
  return rows;
}

/** A causal softmax's mask, added to its [rows, cols] logits: −∞ where j > i, 0 elsewhere. */
export function causalMaskTable(rows: number, cols: number): Float32Array {
  const mask = new Float32Array(rows * cols);
  for (let i = 0; i < rows; i++) for (let j = i + 1; j < cols; j++) mask[i * cols + j] = Number.NEGATIVE_INFINITY;
  return mask;
}

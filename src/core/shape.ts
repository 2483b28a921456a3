/**
 * Shapes and sizes, written once for every floor. A wire type's shape is its feature axes; the
 * batch axis is implicit in the type and explicit in what an engine holds. These run inside
 * compile and step loops, so they are plain loops that allocate nothing but their answer.
 */
import type { WireType } from './wire';

/** How many values a shape holds: the product of its axes, 1 for a scalar. */
export function shapeSize(shape: readonly number[]): number {
  let n = 1;
  for (let i = 0; i < shape.length; i++) n *= shape[i];
  return n;
}

/** How many values one example of a wire holds (the whole value, for an unbatched wire). */
export const typeSize = (t: WireType): number => shapeSize(t.shape);

export function sameShape(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The shape an engine holds for a wire: a batched wire gets the leading batch axis. */
export function fullShape(t: WireType, batchSize: number): number[] {
  return t.batch ? [batchSize, ...t.shape] : [...t.shape];
}

/** An unbatched scalar ℝᵖ (a hyper-parameter wire): the one operand that broadcasts to any shape. */
export const isScalar = (t: WireType): boolean => !t.batch && t.shape.length === 0;

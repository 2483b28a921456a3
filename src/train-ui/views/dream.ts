/**
 * How a dreamed input is drawn (docs/dreaming.md): an image when the input is one (28×28, or
 * h×w×1), as a digit is written: ink where the value is positive, black at the largest value,
 * and white paper at zero and below (a digit's pixels are ink, never less than none), so the
 * picture stays readable however far the learner has moved it.
 */

/** The image's side and height when the input is a greyscale picture; null otherwise. */
export function imageSize(shape: readonly number[]): { width: number; height: number } | null {
  if (shape.length === 3 && shape[2] === 1) return { width: shape[1], height: shape[0] };
  if (shape.length === 2) return { width: shape[1], height: shape[0] };
  if (shape.length !== 1) return null;
  const side = Math.round(Math.sqrt(shape[0]));
  return side >= 4 && side * side === shape[0] ? { width: side, height: side } : null;
}

/** RGBA pixels of the values, one per value, row-major. */
export function dreamPixels(values: ArrayLike<number>): Uint8ClampedArray<ArrayBuffer> {
  let m = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i])) m = Math.max(m, values[i]);
  const out = new Uint8ClampedArray(values.length * 4);
  for (let i = 0; i < values.length; i++) {
    const ink = m > 0 && values[i] > 0 ? values[i] / m : 0;
    const grey = Math.round(255 * (1 - ink));
    out.set([grey, grey, grey, 255], 4 * i);
  }
  return out;
}

/** A score in [0, 1] as a percentage with one decimal. */
export function percent(score: number): string {
  return `${(100 * score).toFixed(1)}%`;
}

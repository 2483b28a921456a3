/** The room a wire's label has on the canvas (WireLabel, docs/notation.md). */

/** editor.css .wire-label: 11 px monospace, a character ~6.6 px wide, 3 px of padding each side. */
export const LABEL_CHAR = 6.6;
const LABEL_PAD = 6;
/** Ends this close in height count as one row: the label sits in the gap between the boxes. */
const ONE_ROW = 24;

/**
 * How many characters of label fit between the wire's ends when it runs left to right along a
 * row (a long label there ran under the boxes either side: MNIST's `2,028 numbers (26×26×3)`);
 * any other wire's label has room around it.
 */
export function labelRoom(sourceX: number, sourceY: number, targetX: number, targetY: number): number {
  if (targetX <= sourceX || Math.abs(targetY - sourceY) > ONE_ROW) return Number.POSITIVE_INFINITY;
  return Math.floor((targetX - sourceX - LABEL_PAD) / LABEL_CHAR);
}

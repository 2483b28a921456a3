/**
 * A figure read whole in its cell: when its text is wider than the cell (a loss of nine
 * characters, "-0.006225", in a third of the 270 px training column at 1280×720), its type is
 * made smaller until it fits, and back to the stylesheet's size when it fits again
 * (docs/training-panel.md, "Figures read whole"). Measured, not guessed from the characters'
 * count: a classroom laptop's fonts are not this machine's.
 */
import { type RefObject, useLayoutEffect } from 'react';

/** The smallest type a figure is given, in px: smaller than the terms above it would misread. */
export const SMALLEST_PX = 11;

/** The type size at which `need` px of text at `size` px fits `room` px, or null when it fits as it is. */
export function fittedSize(size: number, need: number, room: number): number | null {
  if (!(need > room) || !(room > 0) || !(size > 0)) return null;
  return Math.max(Math.min(SMALLEST_PX, size), Math.floor((size * room) / need));
}

/** Fits `ref`'s text into its parent's width each time `text` changes or the parent's width does. */
export function useFitWidth(ref: RefObject<HTMLElement | null>, text: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is when to measure again, not a value read
  useLayoutEffect(() => {
    const figure = ref.current;
    const cell = figure?.parentElement;
    if (!figure || !cell) return;
    let width = -1;
    const refit = () => {
      figure.style.fontSize = '';
      width = cell.clientWidth;
      const size = Number.parseFloat(getComputedStyle(figure).fontSize);
      const fitted = fittedSize(size, figure.getBoundingClientRect().width, width);
      if (fitted !== null) figure.style.fontSize = `${fitted}px`;
    };
    refit();
    if (typeof ResizeObserver !== 'function') return;
    const resized = new ResizeObserver(() => {
      if (cell.clientWidth !== width) refit();
    });
    resized.observe(cell);
    return () => resized.disconnect();
  }, [ref, text]);
}

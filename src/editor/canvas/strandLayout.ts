/**
 * Where the lens view's optimiser strands run (docs/architecture.md, "The learner's picture"):
 * from the optimiser's lower edge, one slot per learnt box in the order of the boxes from left
 * to right (so no two pairs cross on leaving it), down to the top of each box, a forward strand
 * p and, beside it, the backward strand p′ going up. Pure: rectangles in, paths out, with the
 * box that holds the whole drawing, so the SVG that draws it is as large as what it draws (a
 * drawing painted outside its element's box is not repainted when the view moves, and leaves
 * stale boxes on the screen).
 */

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface StrandTarget {
  readonly id: string;
  readonly rect: Box;
}

export interface StrandPath {
  readonly id: string;
  readonly forward: string;
  readonly backward: string;
  /** Where the labels p and p′ sit: above the box, either side of the pair. */
  readonly forwardLabel: { readonly x: number; readonly y: number };
  readonly backwardLabel: { readonly x: number; readonly y: number };
}

/** Half the gap between a pair's forward and backward strand. */
export const PAIR = 5;
/** The labels p and p′ sit this far above the box, where the strands arrive upright. */
export const LABEL_RISE = 14;
/** Room around the paths for the labels, the arrowheads and the strokes. */
const MARGIN = 40;

/** A vertical S from (x1, y1) to (x2, y2): its control points stay inside the box of its ends. */
const vertical = (x1: number, y1: number, x2: number, y2: number): string => {
  const m = (y1 + y2) / 2;
  return `M ${x1} ${y1} C ${x1} ${m}, ${x2} ${m}, ${x2} ${y2}`;
};

export function strandLayout(optimiser: Box, targets: readonly StrandTarget[]): { paths: StrandPath[]; bounds: Box } {
  const ordered = [...targets].sort((a, b) => a.rect.x + a.rect.width / 2 - (b.rect.x + b.rect.width / 2));
  const oy = optimiser.y + optimiser.height;
  const xs: number[] = [optimiser.x, optimiser.x + optimiser.width];
  const ys: number[] = [oy];
  const paths = ordered.map((t, slot) => {
    const ox = optimiser.x + (optimiser.width * (slot + 1)) / (ordered.length + 1);
    const tx = t.rect.x + t.rect.width / 2;
    const ty = t.rect.y;
    xs.push(ox - PAIR, ox + PAIR, tx - PAIR, tx + PAIR);
    ys.push(ty - LABEL_RISE);
    ys.push(ty);
    return {
      id: t.id,
      forward: vertical(ox - PAIR, oy, tx - PAIR, ty),
      backward: vertical(tx + PAIR, ty, ox + PAIR, oy),
      forwardLabel: { x: tx - PAIR - 3, y: ty - LABEL_RISE },
      backwardLabel: { x: tx + PAIR + 3, y: ty - LABEL_RISE },
    };
  });
  const left = Math.min(...xs) - MARGIN;
  const top = Math.min(...ys) - MARGIN;
  const bounds = { x: left, y: top, width: Math.max(...xs) + MARGIN - left, height: Math.max(...ys) + MARGIN - top };
  return { paths, bounds };
}

/**
 * Where the lens view's optimiser strands run (docs/architecture.md, "The learner's picture"):
 * from the optimiser's lower edge, one slot per learnt box in the order of the boxes from left
 * to right (so no two pairs cross on leaving it), down to the top of each box, a forward strand
 * p and, beside it, the backward strand p′ going up. Each strand runs across in a lane of its own
 * under the optimiser, so that no two lie on one another or cross (assignLanes). Pure: rectangles in, paths out, with the
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

/** Strands in the bundle under the optimiser run this far apart, at most. */
export const LANE = 8;
/** The corners of a strand are rounded with this radius, at most. */
const CORNER = 8;

interface Strand {
  readonly x1: number;
  readonly x2: number;
  /** Its place in the bundle: 0 the lane nearest the optimiser. */
  lane: number;
}

/**
 * Down from (x1, y1) to the lane at `lane`, across to x2, down to (x2, y2), the corners rounded;
 * `up` draws it the other way, from (x2, y2) up to (x1, y1). Only M, L and Q with whole points.
 */
function strandPath(x1: number, y1: number, x2: number, y2: number, lane: number, up: boolean): string {
  if (Math.abs(x2 - x1) < 0.5) return up ? `M ${x2} ${y2} L ${x1} ${y1}` : `M ${x1} ${y1} L ${x2} ${y2}`;
  const s = Math.sign(x2 - x1);
  const r = Math.max(0, Math.min(CORNER, Math.abs(x2 - x1) / 2, lane - y1, y2 - lane));
  const points = [
    `${x1} ${y1}`,
    `${x1} ${lane - r}`,
    `${x1} ${lane}`,
    `${x1 + s * r} ${lane}`,
    `${x2 - s * r} ${lane}`,
    `${x2} ${lane}`,
    `${x2} ${lane + r}`,
    `${x2} ${y2}`,
  ];
  const [a, b, c, d, e, f, g, h] = up ? [...points].reverse() : points;
  return `M ${a} L ${b} Q ${c}, ${d} L ${e} Q ${f}, ${g} L ${h}`;
}

/**
 * The lane of each strand, so that no two cross: strands going left take lanes nearer the
 * optimiser the further left they start, strands going right the further right they start (a
 * strand that turns off sooner runs below the ones that go on past it).
 */
function assignLanes(strands: Strand[]): number {
  const left = strands.filter((t) => t.x2 < t.x1).sort((a, b) => a.x1 - b.x1);
  const right = strands.filter((t) => t.x2 > t.x1).sort((a, b) => b.x1 - a.x1);
  left.forEach((t, i) => {
    t.lane = i;
  });
  right.forEach((t, i) => {
    t.lane = i;
  });
  return Math.max(left.length, right.length);
}

export function strandLayout(optimiser: Box, targets: readonly StrandTarget[]): { paths: StrandPath[]; bounds: Box } {
  const ordered = [...targets].sort((a, b) => a.rect.x + a.rect.width / 2 - (b.rect.x + b.rect.width / 2));
  const oy = optimiser.y + optimiser.height;
  const ends = ordered.map((t, slot) => {
    const ox = optimiser.x + (optimiser.width * (slot + 1)) / (ordered.length + 1);
    const tx = t.rect.x + t.rect.width / 2;
    const fwd: Strand = { x1: ox - PAIR, x2: tx - PAIR, lane: 0 };
    const back: Strand = { x1: ox + PAIR, x2: tx + PAIR, lane: 0 };
    return { t, ox, tx, ty: t.rect.y, fwd, back };
  });
  const lanes = assignLanes(ends.flatMap((e) => [e.fwd, e.back]));
  // the bundle lies between the optimiser and the labels over the highest box
  const first = oy + LANE;
  const bottom = Math.min(...ends.map((e) => e.ty)) - LABEL_RISE - LANE;
  const gap = lanes > 1 ? Math.max(0, Math.min(LANE, (bottom - first) / (lanes - 1))) : 0;
  const laneY = (k: number) => (bottom > first ? first + k * gap : (oy + Math.min(...ends.map((e) => e.ty))) / 2);
  const xs: number[] = [optimiser.x, optimiser.x + optimiser.width];
  const ys: number[] = [oy];
  const paths = ends.map(({ t, ox, tx, ty, fwd, back }) => {
    xs.push(ox - PAIR, ox + PAIR, tx - PAIR, tx + PAIR);
    ys.push(ty - LABEL_RISE, ty, laneY(fwd.lane), laneY(back.lane));
    return {
      id: t.id,
      forward: strandPath(fwd.x1, oy, fwd.x2, ty, laneY(fwd.lane), false),
      backward: strandPath(back.x1, oy, back.x2, ty, laneY(back.lane), true),
      forwardLabel: { x: tx - PAIR - 3, y: ty - LABEL_RISE },
      backwardLabel: { x: tx + PAIR + 3, y: ty - LABEL_RISE },
    };
  });
  const left = Math.min(...xs) - MARGIN;
  const top = Math.min(...ys) - MARGIN;
  const bounds = { x: left, y: top, width: Math.max(...xs) + MARGIN - left, height: Math.max(...ys) + MARGIN - top };
  return { paths, bounds };
}

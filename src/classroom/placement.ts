/**
 * Where the lesson panel sits: a corner of the canvas where it covers nothing the step
 * highlights (docs/lessons.md).
 */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A corner of the canvas, or the middle of its top or bottom edge when every corner is taken. */
export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right' | 'top' | 'bottom';
export const CORNERS: readonly Corner[] = ['top-right', 'top-left', 'bottom-left', 'bottom-right', 'top', 'bottom'];

/** The panel's rectangle at a corner of the area, `margin` px from its edges. */
export function panelAt(corner: Corner, area: Rect, panel: { width: number; height: number }, margin: Margins): Rect {
  const x =
    corner === 'top' || corner === 'bottom'
      ? area.x + (area.width - panel.width) / 2
      : corner.endsWith('left')
        ? area.x + margin.left
        : area.x + area.width - panel.width - margin.right;
  const y = corner.startsWith('top') ? area.y + margin.top : area.y + area.height - panel.height - margin.bottom;
  return { x, y, ...panel };
}

export interface Margins {
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
  readonly left: number;
}

export function overlap(a: Rect, b: Rect): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
}

/**
 * The place that covers none of the canvas's own controls (minimap, zoom buttons: `fixed`),
 * and among those the least of what the step highlights (nothing, when it can), and then the
 * least of what else is open on the canvas (`obstacles`), then the least of the drawing's other
 * boxes (`others`): a student reads the whole diagram around the step. A highlight it still
 * covers is moved out from under it (`clearance`).
 */
export function chooseCorner(
  area: Rect,
  panel: { width: number; height: number },
  targets: readonly Rect[],
  obstacles: readonly Rect[],
  margin: Margins,
  fixed: readonly Rect[] = [],
  targetsFirst = false,
  others: readonly Rect[] = [],
): Corner {
  const covers = (at: Rect, rects: readonly Rect[]) => rects.reduce((sum, t) => sum + overlap(at, t), 0);
  const scored = CORNERS.map((c) => {
    const at = panelAt(c, area, panel, margin);
    return {
      c,
      fixed: covers(at, fixed),
      targets: covers(at, targets),
      obstacles: covers(at, obstacles),
      others: covers(at, others),
    };
  });
  scored.sort(
    (a, b) =>
      (targetsFirst
        ? a.targets - b.targets || a.fixed - b.fixed || a.obstacles - b.obstacles
        : a.fixed - b.fixed || a.targets - b.targets || a.obstacles - b.obstacles) || a.others - b.others,
  );
  return scored[0].c;
}

/**
 * How far to move the drawing down (positive) or up so that no highlight is under the panel
 * at `at`, or 0 when none is, or when the move would push a highlight out of the area or
 * under something else on the canvas (`avoid`: the minimap, an open card).
 */
export function clearance(
  area: Rect,
  at: Rect,
  targets: readonly Rect[],
  avoid: readonly Rect[] = [],
  gap = 8,
): number {
  const under = targets.filter((t) => overlap(at, t) > 0);
  if (under.length === 0) return 0;
  const top = Math.min(...targets.map((t) => t.y));
  const bottom = Math.max(...targets.map((t) => t.y + t.height));
  const atTop = at.y + at.height / 2 < area.y + area.height / 2;
  const dy = atTop
    ? at.y + at.height + gap - Math.min(...under.map((t) => t.y))
    : at.y - gap - Math.max(...under.map((t) => t.y + t.height));
  if (top + dy < area.y || bottom + dy > area.y + area.height) return 0;
  const moved = targets.map((t) => ({ ...t, y: t.y + dy }));
  return moved.some((t) => avoid.some((a) => overlap(a, t) > 0)) ? 0 : dy;
}

/** How near an edge (px) a panel docked on the canvas reaches, and still counts as docked there. */
const DOCKED = 16;

/**
 * The part of the canvas no docked panel covers: a panel over the whole height of the canvas at
 * its right or left edge (the inspector's drawer, the animation panel docked at the side), or
 * over its whole width at its top or bottom edge, takes its band away; anything else drawn on the
 * canvas stays an obstacle to place around. The lesson card is placed in what is left, so it lies
 * beside such a panel, never under or over it; when what is left is smaller than the card,
 * the whole canvas (docs/lessons.md).
 */
export function freeArea(
  area: Rect,
  docked: readonly Rect[],
  panel: { width: number; height: number },
  margin: Margins,
): Rect {
  let left = area.x;
  let right = area.x + area.width;
  let top = area.y;
  let bottom = area.y + area.height;
  for (const d of docked) {
    if (overlap(area, d) === 0) continue;
    const tall = d.y <= area.y + DOCKED && d.y + d.height >= area.y + area.height - DOCKED;
    const wide = d.x <= area.x + DOCKED && d.x + d.width >= area.x + area.width - DOCKED;
    if (tall && d.x + d.width >= area.x + area.width - DOCKED) right = Math.min(right, d.x);
    else if (tall && d.x <= area.x + DOCKED) left = Math.max(left, d.x + d.width);
    else if (wide && d.y + d.height >= area.y + area.height - DOCKED) bottom = Math.min(bottom, d.y);
    else if (wide && d.y <= area.y + DOCKED) top = Math.max(top, d.y + d.height);
  }
  const free = { x: left, y: top, width: right - left, height: bottom - top };
  const fits =
    free.width >= panel.width + margin.left + margin.right && free.height >= panel.height + margin.top + margin.bottom;
  return fits ? free : area;
}

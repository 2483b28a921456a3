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

export type Corner = 'top-left' | 'top-right' | 'bottom-left' | 'bottom-right';
export const CORNERS: readonly Corner[] = ['top-right', 'top-left', 'bottom-left', 'bottom-right'];

/** The panel's rectangle at a corner of the area, `margin` px from its edges. */
export function panelAt(corner: Corner, area: Rect, panel: { width: number; height: number }, margin: Margins): Rect {
  const x = corner.endsWith('left') ? area.x + margin.left : area.x + area.width - panel.width - margin.right;
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
 * The corner that covers the least of what the step highlights (nothing, when it can), and
 * among those the least of the canvas's own controls (minimap, zoom buttons, open panels).
 */
export function chooseCorner(
  area: Rect,
  panel: { width: number; height: number },
  targets: readonly Rect[],
  obstacles: readonly Rect[],
  margin: Margins,
): Corner {
  const covers = (at: Rect, rects: readonly Rect[]) => rects.reduce((sum, t) => sum + overlap(at, t), 0);
  const scored = CORNERS.map((c) => {
    const at = panelAt(c, area, panel, margin);
    return { c, targets: covers(at, targets), obstacles: covers(at, obstacles) };
  });
  scored.sort((a, b) => a.targets - b.targets || a.obstacles - b.obstacles);
  return scored[0].c;
}

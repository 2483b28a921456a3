/**
 * The canvas's furniture — the legend (top left), React Flow's controls (bottom left), the
 * canvas map (bottom right) — is drawn over the drawing. A view that frames a diagram (its
 * opening, Fit view) keeps the boxes clear of it when a slightly smaller zoom can, and the
 * legend folds itself when it would still cover a box (docs/screen.md, "Framing").
 */

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** React Flow's viewport: a canvas point p shows at p·zoom + (x, y) in the pane. */
export interface View {
  readonly x: number;
  readonly y: number;
  readonly zoom: number;
}

/** How far below the framing zoom a view may go to keep the boxes clear of the furniture. */
export const CLEAR_FLOOR = 0.7;
const STEPS = 12;

const overlap = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * `piece` in pane pixels, `boxes` in canvas units: true when one box, as drawn at `view`, meets
 * the piece. Edges that only touch are apart.
 */
export function meetsABox(piece: Rect, view: View, boxes: Iterable<Rect>): boolean {
  for (const b of boxes) {
    const onScreen = {
      x: b.x * view.zoom + view.x,
      y: b.y * view.zoom + view.y,
      width: b.width * view.zoom,
      height: b.height * view.zoom,
    };
    if (overlap(piece, onScreen)) return true;
  }
  return false;
}

/**
 * The view nearest `view` whose boxes meet none of `furniture`: the same view when none meets
 * it, else the drawing zoomed out about its own centre (`bounds`, canvas units), in steps down
 * to CLEAR_FLOOR of the zoom. When no step clears every piece, `view` itself: the legend then
 * folds, and the map and controls are small enough to read past.
 */
export function clearOfFurniture(view: View, bounds: Rect, boxes: readonly Rect[], furniture: readonly Rect[]): View {
  const clear = (v: View) => furniture.every((f) => !meetsABox(f, v, boxes));
  if (furniture.length === 0 || clear(view)) return view;
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.height / 2;
  const sx = cx * view.zoom + view.x;
  const sy = cy * view.zoom + view.y;
  for (let i = 1; i <= STEPS; i++) {
    const zoom = view.zoom * (1 - ((1 - CLEAR_FLOOR) * i) / STEPS);
    const v = { x: sx - cx * zoom, y: sy - cy * zoom, zoom };
    if (clear(v)) return v;
  }
  return view;
}

/**
 * The canvas's furniture — the legend (top left), React Flow's controls (bottom left), the
 * canvas map (bottom right) — is drawn over the drawing. A view that frames a diagram (its
 * opening, Fit view) keeps the boxes clear of it when a slightly smaller zoom can, or else a
 * short pan that leaves every box it showed whole still whole; the legend folds itself when it
 * would still cover a box (docs/screen.md, "Framing").
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
/** How far (pane pixels) a view may pan to clear the furniture, and the step it tries. */
export const CLEAR_PAN = 120;
const PAN_STEP = 8;

const overlap = (a: Rect, b: Rect): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Pane pixels. */
export interface Size {
  readonly width: number;
  readonly height: number;
}

const onScreen = (b: Rect, v: View): Rect => ({
  x: b.x * v.zoom + v.x,
  y: b.y * v.zoom + v.y,
  width: b.width * v.zoom,
  height: b.height * v.zoom,
});

const inside = (r: Rect, pane: Size): boolean =>
  r.x >= 0 && r.y >= 0 && r.x + r.width <= pane.width && r.y + r.height <= pane.height;

/** Inside edges at x, y (left, top) and width, height (right, bottom), any of them infinite. */
const within = (r: Rect, e: Size & { x: number; y: number }): boolean =>
  r.x >= e.x && r.y >= e.y && r.x + r.width <= e.width && r.y + r.height <= e.height;

/**
 * `piece` in pane pixels, `boxes` in canvas units: true when one box, as drawn at `view`, meets
 * the piece. Edges that only touch are apart.
 */
export function meetsABox(piece: Rect, view: View, boxes: Iterable<Rect>): boolean {
  for (const b of boxes) if (overlap(piece, onScreen(b, view))) return true;
  return false;
}

/** Pans of at most CLEAR_PAN pixels in the eight directions, the shortest first. */
const PANS: readonly { dx: number; dy: number }[] = (() => {
  const out: { dx: number; dy: number }[] = [];
  for (let d = PAN_STEP; d <= CLEAR_PAN; d += PAN_STEP)
    for (const [ux, uy] of [
      [1, 0],
      [0, 1],
      [-1, 0],
      [0, -1],
      [1, 1],
      [-1, 1],
      [1, -1],
      [-1, -1],
    ])
      out.push({ dx: ux * d, dy: uy * d });
  return out.sort((a, b) => Math.hypot(a.dx, a.dy) - Math.hypot(b.dx, b.dy));
})();

/** A piece of furniture in pane pixels; `folds` when it folds itself over a box (the legend). */
export interface Piece extends Rect {
  readonly folds?: boolean;
}

/**
 * The view nearest `view` whose boxes meet none of `furniture`: the same view when none meets
 * it, else the drawing zoomed out about its own centre (`bounds`, canvas units), in steps down
 * to CLEAR_FLOOR of the zoom and never below `minZoom` — first clearing every piece, then only
 * the pieces that do not fold (the controls, the map; the legend folds itself over the view).
 * When no zoom does, and the `pane` is known, a pan of at most CLEAR_PAN pixels that leaves
 * fewer boxes under those pieces: the one that leaves fewest, the shortest of those, keeping
 * whole every box `view` showed whole except past an edge the drawing already ran past. So a
 * drawing wider than the pane, opened at a readable zoom with its inputs under the zoom
 * buttons, moves right of them; a box under the map where the drawing runs on past the edge
 * stays there, since any view of that part meets it. Else `view` itself.
 */
export function clearOfFurniture(
  view: View,
  bounds: Rect,
  boxes: readonly Rect[],
  furniture: readonly Piece[],
  { pane, minZoom = 0 }: { readonly pane?: Size; readonly minZoom?: number } = {},
): View {
  const stay = furniture.filter((f) => !f.folds);
  const under = (pieces: readonly Rect[], v: View) => {
    let n = 0;
    for (const b of boxes) if (pieces.some((f) => meetsABox(f, v, [b]))) n++;
    return n;
  };
  if (under(furniture, view) === 0) return view;
  const zoomed = zoomedClear(view, bounds, (v) => under(furniture, v) === 0, minZoom);
  if (zoomed) return zoomed;
  const zoomedStay =
    stay.length < furniture.length ? zoomedClear(view, bounds, (v) => under(stay, v) === 0, minZoom) : null;
  if (zoomedStay) return zoomedStay;
  if (!pane) return view;
  // An edge the drawing already runs past may take more of it: the reader pans there anyway.
  const drawn = onScreen(bounds, view);
  const edges: Size & { x: number; y: number } = {
    x: drawn.x < 0 ? Number.NEGATIVE_INFINITY : 0,
    y: drawn.y < 0 ? Number.NEGATIVE_INFINITY : 0,
    width: drawn.x + drawn.width > pane.width ? Number.POSITIVE_INFINITY : pane.width,
    height: drawn.y + drawn.height > pane.height ? Number.POSITIVE_INFINITY : pane.height,
  };
  const whole = boxes.filter((b) => inside(onScreen(b, view), pane));
  let best = view;
  let fewest = under(stay, view);
  for (const { dx, dy } of PANS) {
    if (fewest === 0) break;
    const v = { x: view.x + dx, y: view.y + dy, zoom: view.zoom };
    if (!whole.every((b) => within(onScreen(b, v), edges))) continue;
    const n = under(stay, v);
    if (n < fewest) {
      best = v;
      fewest = n;
    }
  }
  return best;
}

/** The first zoom step about the drawing's centre that is `clear`, down to CLEAR_FLOOR and `minZoom`. */
function zoomedClear(view: View, bounds: Rect, clear: (v: View) => boolean, minZoom: number): View | null {
  const cx = bounds.x + bounds.width / 2;
  const cy = bounds.y + bounds.height / 2;
  const sx = cx * view.zoom + view.x;
  const sy = cy * view.zoom + view.y;
  for (let i = 1; i <= STEPS; i++) {
    const zoom = view.zoom * (1 - ((1 - CLEAR_FLOOR) * i) / STEPS);
    if (zoom < minZoom) break;
    const v = { x: sx - cx * zoom, y: sy - cy * zoom, zoom };
    if (clear(v)) return v;
  }
  return null;
}

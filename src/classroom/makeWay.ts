/**
 * The drawing makes way for the lesson card. When a panel over the canvas's edge took room and
 * the card lies on boxes that moving the drawing up or down does not clear (placement.ts,
 * `clearance`) — at 1280×720 with the inspector's drawer out, the free canvas is 888×412 px and a
 * 440×232 card in its middle hid XOR's hidden layer — the drawing is framed again, whole, in the
 * free area, with the card at the corner that
 * leaves it most to see: no box the step rings under the card, then as few others as can be, the
 * ones nearest the drawing's middle counting most, at the largest readable zoom (never below
 * `READABLE`, never in past the view's own), panned as little from the area's middle as it
 * takes (docs/lessons.md, "Running a lesson").
 */
import type { View } from '../editor/canvas/furniture';
import { CORNERS, type Corner, type Margins, overlap, panelAt, type Rect } from './placement';

/** Below this zoom XOR's box names cannot be read on a projected 1280×720 screen. */
export const READABLE = 0.5;
/** The gap kept between a box and the card, in pane pixels. */
const GAP = 8;
/** The grid the pans are tried on, in pane pixels. */
const STEP = 8;
/** Each zoom tried is this share of the one before. */
const ZOOM_STEP = 0.92;

export interface Box extends Rect {
  /** Rung by the step: never under the card when there is any other way. */
  readonly ringed: boolean;
}

export interface Way {
  readonly corner: Corner;
  readonly view: View;
}

/**
 * What the card at `card` and the canvas's furniture (`fixed`) hide of `boxes` (flow coordinates)
 * seen at `v` in `area` (pane pixels): the ringed boxes hidden, and the others, each counting 1
 * and up to 1 more the nearer it is to the drawing's middle. A box past the area is hidden too.
 */
export function hidden(
  boxes: readonly Box[],
  v: View,
  area: Rect,
  card: Rect,
  fixed: readonly Rect[],
): { ringed: number; others: number } {
  if (boxes.length === 0) return { ringed: 0, others: 0 };
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  const [mx, my] = [(left + right) / 2, (top + bottom) / 2];
  const far = Math.hypot(right - left, bottom - top) / 2 || 1;
  const wide = { x: card.x - GAP, y: card.y - GAP, width: card.width + 2 * GAP, height: card.height + 2 * GAP };
  let ringed = 0;
  let others = 0;
  for (const b of boxes) {
    const s = { x: b.x * v.zoom + v.x, y: b.y * v.zoom + v.y, width: b.width * v.zoom, height: b.height * v.zoom };
    const past =
      s.x < area.x - 0.5 ||
      s.y < area.y - 0.5 ||
      s.x + s.width > area.x + area.width + 0.5 ||
      s.y + s.height > area.y + area.height + 0.5;
    if (!past && overlap(s, wide) === 0 && !fixed.some((f) => overlap(s, f) > 0)) continue;
    if (b.ringed) ringed++;
    else others += 2 - Math.hypot(b.x + b.width / 2 - mx, b.y + b.height / 2 - my) / far;
  }
  return { ringed, others };
}

const better = (a: { ringed: number; others: number }, b: { ringed: number; others: number }) =>
  a.ringed - b.ringed || a.others - b.others;

/**
 * The corner and the view that hide the least of the drawing (`hidden`), or null when none
 * hides less than the card at `now` with the view `at`. The whole drawing lies in `area` in
 * every view tried; a corner on the canvas's controls (`fixed`) is never taken.
 */
export function makeWay(
  boxes: readonly Box[],
  area: Rect,
  panel: { width: number; height: number },
  margin: Margins,
  fixed: readonly Rect[],
  now: Rect,
  at: View,
): Way | null {
  if (boxes.length === 0) return null;
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const width = Math.max(...boxes.map((b) => b.x + b.width)) - left;
  const height = Math.max(...boxes.map((b) => b.y + b.height)) - top;
  const zooms: number[] = [];
  for (let z = at.zoom; z > READABLE; z *= ZOOM_STEP) zooms.push(z);
  if (at.zoom >= READABLE) zooms.push(READABLE);
  let best: (Way & { score: { ringed: number; others: number }; d: number }) | null = null;
  const beat = hidden(boxes, at, area, now, fixed);
  for (const corner of CORNERS) {
    const card = panelAt(corner, area, panel, margin);
    if (fixed.some((f) => overlap(card, f) > 0)) continue;
    for (const zoom of zooms) {
      const [w, h] = [width * zoom, height * zoom];
      if (w > area.width || h > area.height) continue;
      // the drawing's left and top edges, on the pane, that would centre it in the area
      const cx = area.x + (area.width - w) / 2;
      const cy = area.y + (area.height - h) / 2;
      const xs = grid(area.x, area.x + area.width - w, cx);
      const ys = grid(area.y, area.y + area.height - h, cy);
      for (const sx of xs) {
        for (const sy of ys) {
          const view = { x: sx - left * zoom, y: sy - top * zoom, zoom };
          const score = hidden(boxes, view, area, card, fixed);
          const d = (sx - cx) ** 2 + (sy - cy) ** 2;
          // fewer hidden first; then the larger zoom; then the smaller pan
          const c = best ? better(score, best.score) || best.view.zoom - zoom || d - best.d : -1;
          if (c < 0) best = { corner, view, score, d };
        }
      }
    }
  }
  return best && better(best.score, beat) < 0 ? { corner: best.corner, view: best.view } : null;
}

/** The points from `from` to `to` every `STEP` px, with both ends and `mid`. */
function grid(from: number, to: number, mid: number): number[] {
  const out = [from, to, mid];
  for (let x = from + STEP; x < to; x += STEP) out.push(x);
  return out;
}

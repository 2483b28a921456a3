/**
 * Framing the boxes at work around a card laid over the canvas (a lesson's card: docs/lessons.md,
 * "A lesson and the animation"). The band beside the animation's panel is the room the camera
 * frames in (useFitAbovePanel.ts); a card over part of that band is room taken too, so the view
 * is chosen with no box at work under it: at the zoom the band would give them, panned as little
 * from the middle as it takes, else zoomed out step by step, at worst to the zoom that fits them
 * in the largest part of the band the card leaves whole (beside, above or below it). The card
 * stays where it is: a class reads it in one place while the drawing moves under the camera.
 */
import type { Rect } from '@xyflow/react';
import type { View } from '../../editor/canvas/furniture';

export type { View };

/** A band of the pane, in screen pixels from the pane's top left (useFitAbovePanel.ts, `freeBand`). */
export interface Band {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The gap kept between a box at work and a card, in screen pixels. */
export const CARD_GAP = 8;
/** The grid the pans are tried on, in screen pixels. */
const STEP = 8;
/** Each zoom tried is this share of the one before. */
const ZOOM_STEP = 0.92;

const onScreen = (r: Rect, v: View): Rect => ({
  x: r.x * v.zoom + v.x,
  y: r.y * v.zoom + v.y,
  width: r.width * v.zoom,
  height: r.height * v.zoom,
});

const meets = (a: Rect, c: Rect, gap: number) =>
  a.x < c.x + c.width + gap && c.x < a.x + a.width + gap && a.y < c.y + c.height + gap && c.y < a.y + a.height + gap;

/** The cards that lie, even in part, on the band. */
export function cardsOnBand(cards: readonly Rect[], band: Band): Rect[] {
  return cards.filter(
    (c) => c.x < band.right && c.x + c.width > band.left && c.y < band.bottom && c.y + c.height > band.top,
  );
}

/** Whether at view `v` every box lies in the band and none under a card. */
export function clearAt(boxes: readonly Rect[], bounds: Rect, band: Band, cards: readonly Rect[], v: View): boolean {
  const b = onScreen(bounds, v);
  const eps = 0.5;
  if (b.x < band.left - eps || b.y < band.top - eps) return false;
  if (b.x + b.width > band.right + eps || b.y + b.height > band.bottom + eps) return false;
  return boxes.every((box) => {
    const s = onScreen(box, v);
    return !cards.some((c) => meets(s, c, CARD_GAP));
  });
}

/**
 * The parts of the band a card leaves whole: beside it (left, right), above and below it, each
 * as wide or as tall as the band; the band itself when no card lies on it.
 */
export function partsBeside(band: Band, cards: readonly Rect[]): Band[] {
  const on = cardsOnBand(cards, band);
  if (on.length === 0) return [band];
  // a pixel more than the gap: a box framed at a part's very edge stays clear, for all rounding
  const gap = CARD_GAP + 1;
  const left = Math.min(...on.map((c) => c.x)) - gap;
  const right = Math.max(...on.map((c) => c.x + c.width)) + gap;
  const top = Math.min(...on.map((c) => c.y)) - gap;
  const bottom = Math.max(...on.map((c) => c.y + c.height)) + gap;
  return [
    { ...band, right: Math.min(band.right, left) },
    { ...band, left: Math.max(band.left, right) },
    { ...band, bottom: Math.min(band.bottom, top) },
    { ...band, top: Math.max(band.top, bottom) },
  ].filter((p) => p.right - p.left > 0 && p.bottom - p.top > 0);
}

const fitIn = (bounds: Rect, p: Band) =>
  Math.min((p.right - p.left) / Math.max(1, bounds.width), (p.bottom - p.top) / Math.max(1, bounds.height));

/**
 * The view, at `zoom`, that keeps `boxes` (flow coordinates; `bounds` holds them) in the band
 * and off every card, nearest the view that centres them in the band; or null when there is none.
 */
export function panClear(
  boxes: readonly Rect[],
  bounds: Rect,
  band: Band,
  cards: readonly Rect[],
  zoom: number,
): View | null {
  const w = bounds.width * zoom;
  const h = bounds.height * zoom;
  const [x0, x1] = [band.left, band.right - w];
  const [y0, y1] = [band.top, band.bottom - h];
  if (x1 < x0 - 0.5 || y1 < y0 - 0.5) return null;
  // the bounds' left and top edges, on screen, that would centre them
  const cx = (band.left + band.right - w) / 2;
  const cy = (band.top + band.bottom - h) / 2;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let x = x0; x <= x1 + 1e-9; x += STEP) xs.push(x);
  for (let y = y0; y <= y1 + 1e-9; y += STEP) ys.push(y);
  xs.push(Math.max(x0, x1), cx);
  ys.push(Math.max(y0, y1), cy);
  let best: View | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const sx of xs) {
    for (const sy of ys) {
      const d = (sx - cx) ** 2 + (sy - cy) ** 2;
      if (d >= bestD) continue;
      const v = { x: sx - bounds.x * zoom, y: sy - bounds.y * zoom, zoom };
      if (!clearAt(boxes, bounds, band, cards, v)) continue;
      best = v;
      bestD = d;
    }
  }
  return best;
}

/**
 * The view that frames `boxes` clear of `cards`: the view `at` itself when it does already
 * (null: nothing to do), else at `zoom` (the zoom the band alone would give them) the pan
 * nearest their centring, else the same at smaller zooms, down to the zoom that fits them in the
 * largest part of the band the cards leave whole, which always holds them.
 */
export function frameClear(
  boxes: readonly Rect[],
  bounds: Rect,
  band: Band,
  cards: readonly Rect[],
  at: View,
  zoom: number,
): View | null {
  const on = cardsOnBand(cards, band);
  if (Math.abs(at.zoom - zoom) < 1e-6 && clearAt(boxes, bounds, band, on, at)) return null;
  const floor = Math.max(...partsBeside(band, on).map((p) => fitIn(bounds, p)), 0);
  for (let z = zoom; z > floor; z *= ZOOM_STEP) {
    const v = panClear(boxes, bounds, band, on, z);
    if (v) return v;
  }
  // the largest part the cards leave: the bounds centred in it
  const parts = partsBeside(band, on);
  const part = parts.reduce((a, b) => (fitIn(bounds, b) > fitIn(bounds, a) ? b : a), parts[0] ?? band);
  const z = Math.min(zoom, fitIn(bounds, part));
  return {
    x: (part.left + part.right) / 2 - (bounds.x + bounds.width / 2) * z,
    y: (part.top + part.bottom) / 2 - (bounds.y + bounds.height / 2) * z,
    zoom: z,
  };
}

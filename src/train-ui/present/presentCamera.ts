/**
 * Where the camera looks while a step's animation is presented (docs/presenting.md): at the
 * boxes at work, as large as the room above the caption allows, up to the reading zoom at which
 * a box's name is set in 26 px type on the screen. A frame whose boxes do not fit at that zoom
 * (the step's given values, which leave every box of the drawing) is zoomed out until they do:
 * the camera never leaves a box at work off the screen to keep its type large — unless the teacher
 * walks it: a piece of drawing too large to read whole is cut into places (`cameraStops`), each
 * read at the reading zoom, that → and ← go through (the lens view, the step's opening frame).
 */

import type { Rect, View } from '../../editor/canvas/furniture';

/** A box's name is 12 px in the drawing (editor.css): 26 px on the screen at this zoom. */
export const READING_ZOOM = 2.2;
/**
 * Room kept around the boxes at work, in screen pixels: above and below for a value card in
 * 24 px type (cardPlacement.ts places them beside the wires), less at the sides.
 */
export const ROOM = { across: 24, down: 56 } as const;

/**
 * The view that centres `work` (flow coordinates) in a pane `width`×`height` whose lowest
 * `caption` pixels the caption covers, at the largest zoom up to `READING_ZOOM` that fits it.
 */
export function presentView(work: Rect, width: number, height: number, caption: number): View {
  const bandW = Math.max(1, width - 2 * ROOM.across);
  const bandH = Math.max(1, height - caption - 2 * ROOM.down);
  const fit = Math.min(bandW / Math.max(1, work.width), bandH / Math.max(1, work.height));
  const zoom = Math.min(READING_ZOOM, fit);
  const cx = width / 2;
  const cy = (height - caption) / 2;
  return {
    x: cx - (work.x + work.width / 2) * zoom,
    y: cy - (work.y + work.height / 2) * zoom,
    zoom,
  };
}

interface Wire {
  readonly source: string;
  readonly target: string;
}

/**
 * The boxes the camera frames in a frame: the boxes at work; where the values they make go
 * (forward) or where the changes they send back arrive (backward: the source of each lit wire);
 * and, going forward, the boxes whose values they read, so the class sees what goes in.
 */
export function boxesInView(
  atWork: readonly string[],
  kind: 'inputs' | 'forward' | 'backward',
  lit: readonly Wire[],
  wires: readonly Wire[],
): string[] {
  const ids = new Set(atWork);
  for (const w of lit) ids.add(kind === 'backward' ? w.source : w.target);
  if (kind === 'forward') for (const w of wires) if (atWork.includes(w.target)) ids.add(w.source);
  return [...ids];
}

/** A place the camera stops at: the part of the drawing it frames, and which of the given boxes are in it. */
export interface Stop {
  readonly rect: Rect;
  readonly members: readonly number[];
}

const union = (rects: readonly Rect[]): Rect => {
  const left = Math.min(...rects.map((r) => r.x));
  const top = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x: left, y: top, width: right - left, height: bottom - top };
};

/** Cuts `order` (indices of `rects`) into runs whose union's extent along `side` stays within `room`. */
function runs(order: readonly number[], rects: readonly Rect[], side: 'x' | 'y', room: number): number[][] {
  const size = side === 'x' ? 'width' : 'height';
  const out: number[][] = [];
  let start = 0;
  let end = 0;
  for (const i of order) {
    const r = rects[i];
    const last = out[out.length - 1];
    if (last && Math.max(end, r[side] + r[size]) - Math.min(start, r[side]) <= room) {
      last.push(i);
      start = Math.min(start, r[side]);
      end = Math.max(end, r[side] + r[size]);
    } else {
      out.push([i]);
      start = r[side];
      end = r[side] + r[size];
    }
  }
  return out;
}

/**
 * The zoom a place is read at on a screen `width`×`height` (the window, not the pane): the
 * reading zoom on a 1920×1080 screen, and on a smaller one the zoom that gives its text the same
 * share of the screen (a projector shows both as large).
 */
export const placeZoom = (width: number, height: number): number =>
  READING_ZOOM * Math.min(1, width / 1920, height / 1080);

/**
 * The places that show `rects` (flow coordinates) in a pane `width`×`height` above a caption of
 * `caption` pixels, each readable at `zoom` (`placeZoom` of the screen): columns from left to
 * right, as the data flows, each cut from top to bottom. Every box is in exactly one place; a
 * place fits at that zoom, or holds one box that is larger than the screen on its own
 * (presentView zooms out for it).
 */
export function cameraStops(
  rects: readonly Rect[],
  view: { width: number; height: number; caption: number; zoom: number },
): Stop[] {
  if (rects.length === 0) return [];
  const { width, height, caption, zoom } = view;
  const across = Math.max(1, width - 2 * ROOM.across) / zoom;
  const down = Math.max(1, height - caption - 2 * ROOM.down) / zoom;
  const byLeft = rects.map((_, i) => i).sort((a, b) => rects[a].x - rects[b].x || rects[a].y - rects[b].y);
  return runs(byLeft, rects, 'x', across).flatMap((column) => {
    const byTop = [...column].sort((a, b) => rects[a].y - rects[b].y || rects[a].x - rects[b].x);
    return runs(byTop, rects, 'y', down).map((members) => ({ rect: union(members.map((i) => rects[i])), members }));
  });
}

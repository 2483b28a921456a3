/**
 * Where the camera looks while a step's animation is presented (docs/presenting.md): at the
 * boxes at work, as large as the room above the caption allows, up to the reading zoom at which
 * a box's name is set in 26 px type on the screen. A frame whose boxes do not fit at that zoom
 * (the step's given values, which leave every box of the drawing) is zoomed out until they do:
 * the camera never leaves a box at work off the screen to keep its type large.
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

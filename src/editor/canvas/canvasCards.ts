/**
 * Cards laid over the canvas that a camera frames the drawing around: a lesson's card says where
 * it lies here, and the animation's camera keeps the boxes at work out from under it
 * (docs/lessons.md, "A lesson and the animation"). Rectangles in screen pixels; none when no
 * card is shown.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

export interface CardRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export const canvasCards = createStore<Readonly<Record<string, CardRect>>>(() => ({}));

const same = (a: CardRect | undefined, b: CardRect | null) =>
  a && b ? a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height : !a && !b;

/** The card `id` lies at `rect` now (rounded to whole pixels), or is gone (`null`). */
export function setCanvasCard(id: string, rect: CardRect | null): void {
  const r = rect && {
    x: Math.round(rect.x),
    y: Math.round(rect.y),
    width: Math.round(rect.width),
    height: Math.round(rect.height),
  };
  const now = canvasCards.getState();
  if (same(now[id], r)) return;
  const next = { ...now };
  if (r) next[id] = r;
  else delete next[id];
  canvasCards.setState(next, true);
}

/** The cards on the canvas now, in screen pixels. */
export const cardRects = (): CardRect[] => Object.values(canvasCards.getState());

/** A key that changes when a card comes, goes, moves or changes size. */
export const useCanvasCardsKey = (): string =>
  useStore(canvasCards, (s) =>
    Object.entries(s)
      .map(([id, r]) => `${id}:${r.x},${r.y},${r.width},${r.height}`)
      .join(' '),
  );

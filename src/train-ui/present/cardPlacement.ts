/**
 * Where the value cards go in presentation mode (docs/presenting.md): each card beside the wire
 * it describes, on no box, on no other card and not on the caption, inside the canvas. The
 * places tried for a card are the points of a grid around its anchor, nearest first; the first
 * free one is taken. A card with no free place near its wire is hidden rather than laid over a
 * box, or put far from what it describes: what a class sees is never covered. A card the user
 * asked for — the wire pinned, the card under the pointer — is never hidden: it is placed first,
 * and with no free place it takes the nearest place clear of the caption and of the other cards
 * asked for, over a box if it must; the others yield to it (docs/screen.md, "The animation").
 */

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface Card {
  readonly id: string;
  /** The point the card describes (the middle of its wire), in the same pixels as the rects. */
  readonly anchor: { readonly x: number; readonly y: number };
  readonly width: number;
  readonly height: number;
  /** Asked for by the user (pinned, hovered): never hidden. */
  readonly must?: boolean;
}

export type Placed =
  | { readonly id: string; readonly hidden: false; readonly rect: Rect }
  | { readonly id: string; readonly hidden: true };

/** The gap kept between a card and whatever is beside it. */
export const CARD_GAP = 4;
/** The grid the places are tried on, in pixels. */
const STEP = 8;

export const overlaps = (a: Rect, b: Rect, gap = 0): boolean =>
  a.x < b.x + b.width + gap && b.x < a.x + a.width + gap && a.y < b.y + b.height + gap && b.y < a.y + a.height + gap;

const inside = (r: Rect, bounds: Rect): boolean =>
  r.x >= bounds.x &&
  r.y >= bounds.y &&
  r.x + r.width <= bounds.x + bounds.width &&
  r.y + r.height <= bounds.y + bounds.height;

let cached: { w: number; h: number; offsets: { dx: number; dy: number }[] } | null = null;

/** Offsets of a grid covering `bounds` seen from anywhere in it, nearest first (below before above, as a chip hangs under its wire). */
function offsetsNearestFirst(bounds: Rect): { dx: number; dy: number }[] {
  if (cached && cached.w === bounds.width && cached.h === bounds.height) return cached.offsets;
  const nx = Math.ceil(bounds.width / STEP);
  const ny = Math.ceil(bounds.height / STEP);
  const out: { dx: number; dy: number; d: number }[] = [];
  for (let i = -nx; i <= nx; i++) {
    for (let j = -ny; j <= ny; j++) {
      const dx = i * STEP;
      const dy = j * STEP;
      out.push({ dx, dy, d: dx * dx + dy * dy - (dy > 0 ? 1 : 0) });
    }
  }
  const offsets = out.sort((a, b) => a.d - b.d).map(({ dx, dy }) => ({ dx, dy }));
  cached = { w: bounds.width, h: bounds.height, offsets };
  return offsets;
}

/**
 * Places every card: centred under its anchor when that is free, else at the nearest free
 * place no further than `reach` from it, so that a card stays beside its wire. `obstacles` are
 * the boxes and the caption; cards placed first are obstacles to later ones (the lit card, given
 * first, keeps the best place). A card whose anchor is outside `bounds` is hidden.
 */
export function placeCards(
  cards: readonly Card[],
  obstacles: readonly Rect[],
  bounds: Rect,
  reach = Number.POSITIVE_INFINITY,
  /** What even a card asked for does not lie on: the caption. */
  above: readonly Rect[] = [],
): Placed[] {
  const offsets = offsetsNearestFirst(bounds);
  const order = cards.map((_, i) => i).sort((a, b) => Number(!!cards[b].must) - Number(!!cards[a].must));
  const taken: Rect[] = [...obstacles, ...above];
  // the cards asked for, placed: what another card asked for may not lie on either
  const asked: Rect[] = [...above];
  const placed: Placed[] = new Array(cards.length);
  const at = (c: Card, home: { x: number; y: number }, free: (r: Rect) => boolean): Rect | null => {
    for (const { dx, dy } of offsets) {
      if (dx * dx + dy * dy > reach * reach) break;
      const r = { x: home.x + dx, y: home.y + dy, width: c.width, height: c.height };
      if (inside(r, bounds) && free(r)) return r;
    }
    return null;
  };
  for (const i of order) {
    const c = cards[i];
    const seen = inside({ ...c.anchor, width: 0, height: 0 }, bounds);
    // a wire off the screen (the camera follows the boxes at work) shows no card, unless asked for:
    // then it waits at the canvas's edge nearest its wire
    if (!seen && !c.must) {
      placed[i] = { id: c.id, hidden: true };
      continue;
    }
    const anchor = seen ? c.anchor : clampInto(c.anchor, bounds);
    const home = { x: anchor.x - c.width / 2, y: anchor.y + CARD_GAP };
    const r =
      at(c, home, (r) => !taken.some((t) => overlaps(r, t, CARD_GAP))) ??
      (c.must
        ? (at(c, home, (r) => !asked.some((t) => overlaps(r, t, CARD_GAP))) ?? clampRect(home, c, bounds))
        : null);
    if (!r) {
      placed[i] = { id: c.id, hidden: true };
      continue;
    }
    taken.push(r);
    if (c.must) asked.push(r);
    placed[i] = { id: c.id, hidden: false, rect: r };
  }
  return placed;
}

const clampInto = (p: { x: number; y: number }, b: Rect) => ({
  x: Math.min(Math.max(p.x, b.x), b.x + b.width),
  y: Math.min(Math.max(p.y, b.y), b.y + b.height),
});

/** The card at `home`, moved into `bounds` (its top left kept in when it is larger). */
const clampRect = (home: { x: number; y: number }, c: Card, b: Rect): Rect => ({
  x: Math.max(b.x, Math.min(home.x, b.x + b.width - c.width)),
  y: Math.max(b.y, Math.min(home.y, b.y + b.height - c.height)),
  width: c.width,
  height: c.height,
});

/**
 * Everything a placement of the value cards reads off the screen: the view's zoom, the pane,
 * what a card may not lie on, and each card where its wire puts it (its own shift taken off),
 * the card at work first.
 */
export interface CardLayout {
  readonly zoom: number;
  readonly bounds: Rect;
  readonly obstacles: readonly Rect[];
  /** What no card lies on, not even one asked for: the caption (the animation's panel). */
  readonly above?: readonly Rect[];
  /** `must`: the user asked for this card (its wire pinned, the pointer on it): never hidden. */
  readonly cards: readonly { readonly lit: boolean; readonly must?: boolean; readonly home: Rect }[];
}

/** A shift of a card from its home, in the drawing's units (the card's CSS `translate`), or hidden. */
export type CardShift =
  | { readonly hidden: true }
  | { readonly hidden: false; readonly dx: number; readonly dy: number };

/** Where each card of `layout` goes, in its order; a card may go at most `reach` screen pixels from its wire. */
export function placeLayout(layout: CardLayout, reach: number): CardShift[] {
  const cards: Card[] = layout.cards.map((c, i) => ({
    id: `${i}`,
    anchor: { x: c.home.x + c.home.width / 2, y: c.home.y - 4 },
    width: c.home.width,
    height: c.home.height,
    must: c.must,
  }));
  return placeCards(cards, layout.obstacles, layout.bounds, reach, layout.above).map((p, i) =>
    p.hidden
      ? { hidden: true }
      : {
          hidden: false,
          dx: (p.rect.x - layout.cards[i].home.x) / layout.zoom,
          dy: (p.rect.y - layout.cards[i].home.y) / layout.zoom,
        },
  );
}

/** Screen pixels to an eighth: a rect read back after its card was shifted keeps its key. */
const eighth = (v: number) => Math.round(v * 8);
const rectKey = (r: Rect) => `${eighth(r.x)},${eighth(r.y)},${eighth(r.width)},${eighth(r.height)}`;

/**
 * A key of everything `placeLayout` reads: while it is the same, the placement made for it
 * holds; a change of any of it (a wire that moved, a card that grew, the pane, the view) places
 * the cards again. A placement kept past a change it did not see could hide a card for good.
 */
export function layoutKey(layout: CardLayout): string {
  const cards = layout.cards.map((c) => `${c.lit ? '*' : ''}${c.must ? '!' : ''}${rectKey(c.home)}`).join(' ');
  const above = (layout.above ?? []).map(rectKey).join(' ');
  return [layout.zoom, rectKey(layout.bounds), layout.obstacles.map(rectKey).join(' '), above, cards].join('|');
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import {
  CARD_GAP,
  type Card,
  type CardLayout,
  layoutKey,
  overlaps,
  placeCards,
  placeLayout,
  type Rect,
} from './cardPlacement';

const seed = fcSeed();
const bounds: Rect = { x: 0, y: 0, width: 640, height: 360 };

const rect = (maxW: number, maxH: number) =>
  fc
    .record({
      x: fc.integer({ min: 0, max: 600 }),
      y: fc.integer({ min: 0, max: 330 }),
      width: fc.integer({ min: 10, max: maxW }),
      height: fc.integer({ min: 10, max: maxH }),
    })
    .map((r) => ({
      ...r,
      width: Math.min(r.width, bounds.width - r.x),
      height: Math.min(r.height, bounds.height - r.y),
    }));

const card = fc.record({
  anchor: fc.record({ x: fc.integer({ min: 0, max: 640 }), y: fc.integer({ min: 0, max: 360 }) }),
  width: fc.integer({ min: 20, max: 160 }),
  height: fc.integer({ min: 12, max: 60 }),
});

describe('placeCards', () => {
  it('puts a card centred under its anchor when that place is free', () => {
    const [p] = placeCards([{ id: 'a', anchor: { x: 100, y: 100 }, width: 60, height: 20 }], [], bounds);
    expect(p).toEqual({ id: 'a', hidden: false, rect: { x: 70, y: 100 + CARD_GAP, width: 60, height: 20 } });
  });

  it('moves a card off the box below its wire, to the nearest free place', () => {
    const box = { x: 50, y: 100, width: 100, height: 40 };
    const [p] = placeCards([{ id: 'a', anchor: { x: 100, y: 96 }, width: 60, height: 20 }], [box], bounds);
    if (p.hidden) throw new Error('hidden');
    expect(overlaps(p.rect, box)).toBe(false);
    // nearest free: above the box, beside its wire, not across the canvas
    expect(Math.hypot(p.rect.x + 30 - 100, p.rect.y - 100)).toBeLessThan(60);
  });

  it('hides a card that has no free place rather than cover a box', () => {
    const [p] = placeCards([{ id: 'a', anchor: { x: 10, y: 10 }, width: 60, height: 20 }], [bounds], bounds);
    expect(p.hidden).toBe(true);
  });

  it('hides a card whose wire is off the canvas, and one with no free place within its reach', () => {
    const card = (x: number, y: number) => ({ id: 'a', anchor: { x, y }, width: 60, height: 20 });
    expect(placeCards([card(-5, 100)], [], bounds)[0].hidden).toBe(true);
    expect(placeCards([card(100, 400)], [], bounds)[0].hidden).toBe(true);
    const wall = { x: 0, y: 60, width: 640, height: 200 };
    expect(placeCards([card(300, 150)], [wall], bounds, 60)[0].hidden).toBe(true);
    expect(placeCards([card(300, 150)], [wall], bounds, 140)[0].hidden).toBe(false);
  });

  it('no placed card covers a box, the caption or another card, and every one is inside the canvas', () => {
    fc.assert(
      fc.property(
        fc.array(rect(160, 80), { maxLength: 12 }),
        fc.array(card, { minLength: 1, maxLength: 10 }),
        (boxes, cs) => {
          const cards: Card[] = cs.map((c, i) => ({ ...c, id: `c${i}` }));
          const placed = placeCards(cards, boxes, bounds);
          expect(placed.map((p) => p.id)).toEqual(cards.map((c) => c.id));
          const shown = placed.flatMap((p) => (p.hidden ? [] : [p.rect]));
          for (const [i, r] of shown.entries()) {
            expect(r.x >= 0 && r.y >= 0 && r.x + r.width <= bounds.width && r.y + r.height <= bounds.height).toBe(true);
            for (const b of boxes) expect(overlaps(r, b)).toBe(false);
            for (const other of shown.slice(i + 1)) expect(overlaps(r, other)).toBe(false);
          }
        },
      ),
      { seed, numRuns: 60 },
    );
  });

  it('never hides a card the user asked for (pinned, hovered): over a box if it must, the others yield', () => {
    const asked = { id: 'p', anchor: { x: 10, y: 10 }, width: 60, height: 20, must: true };
    const [p] = placeCards([asked], [bounds], bounds);
    expect(p.hidden).toBe(false);
    // a card placed after it yields the place: the one asked for keeps the place under its wire
    const other = { id: 'o', anchor: { x: 10, y: 10 }, width: 60, height: 20 };
    const [o, q] = placeCards([other, asked], [], bounds);
    if (q.hidden || o.hidden) throw new Error('hidden');
    expect(q.rect.y).toBe(10 + CARD_GAP);
    expect(overlaps(o.rect, q.rect)).toBe(false);
    // its wire off the canvas: it waits at the canvas's edge nearest it
    const off = placeCards([{ ...asked, anchor: { x: 900, y: 100 } }], [], bounds)[0];
    if (off.hidden) throw new Error('hidden');
    expect(off.rect.x + off.rect.width).toBeLessThanOrEqual(bounds.width);
  });

  it('property: a card asked for is shown, in the canvas, off the caption and off the other one asked for', () => {
    const caption = { x: 0, y: 260, width: 640, height: 100 };
    fc.assert(
      fc.property(
        fc.array(rect(160, 80), { maxLength: 14 }),
        fc.array(fc.record({ c: card, must: fc.boolean() }), { minLength: 1, maxLength: 10 }),
        (boxes, cs) => {
          // at most two asked for at once: the wire pinned and the card under the pointer
          let n = 0;
          const cards: Card[] = cs.map(({ c, must }, i) => ({ ...c, id: `c${i}`, must: must && n++ < 2 }));
          const placed = placeCards(cards, boxes, bounds, Number.POSITIVE_INFINITY, [caption]);
          const asked = placed.filter((_, i) => cards[i].must);
          for (const p of asked) {
            if (p.hidden) throw new Error(`${p.id} hidden`);
            const r = p.rect;
            expect(r.x >= 0 && r.y >= 0 && r.x + r.width <= bounds.width && r.y + r.height <= bounds.height).toBe(true);
            expect(overlaps(r, caption)).toBe(false);
          }
          const [a, b] = asked;
          if (a && b && !a.hidden && !b.hidden) expect(overlaps(a.rect, b.rect)).toBe(false);
          // the others still cover nothing: no box, no caption, no card
          const shown = placed.flatMap((p) => (p.hidden ? [] : [p.rect]));
          placed.forEach((p, i) => {
            if (p.hidden || cards[i].must) return;
            for (const b of [...boxes, caption]) expect(overlaps(p.rect, b)).toBe(false);
            for (const r of shown) if (r !== p.rect) expect(overlaps(p.rect, r)).toBe(false);
          });
        },
      ),
      { seed, numRuns: 80 },
    );
  });

  it('on a canvas mostly free, every card finds a place', () => {
    fc.assert(
      fc.property(
        fc.array(rect(60, 30), { maxLength: 6 }),
        fc.array(card, { minLength: 1, maxLength: 6 }),
        (boxes, cs) => {
          const cards: Card[] = cs.map((c, i) => ({ ...c, id: `c${i}` }));
          expect(placeCards(cards, boxes, bounds).every((p) => !p.hidden)).toBe(true);
        },
      ),
      { seed, numRuns: 60 },
    );
  });
});

describe('placeLayout and layoutKey: the placement follows everything it reads', () => {
  // a card under its wire at (300, 150), at zoom 0.5, and a box that may take the room about it
  const home: Rect = { x: 270, y: 150, width: 60, height: 20 };
  const wall = (y: number): Rect => ({ x: 0, y, width: 640, height: 200 });
  const layout = (box: Rect, card: Rect = home): CardLayout => ({
    zoom: 0.5,
    bounds,
    obstacles: [box],
    cards: [{ lit: false, home: card }],
  });

  it('a card hidden for want of room is shown again once the box that took it moves: the key saw the box move', () => {
    // the view, the caption, the frame and the number of cards are the same in both: the key
    // the placement once kept missed a box or a wire that moved, and the card stayed hidden
    const crowded = layout(wall(60));
    const freed = layout(wall(200));
    expect(placeLayout(crowded, 60)[0].hidden).toBe(true);
    expect(layoutKey(freed)).not.toBe(layoutKey(crowded));
    expect(placeLayout(freed, 60)[0].hidden).toBe(false);
  });

  it('the key changes with a card that moved or grew, the lit card, the pane and the zoom', () => {
    const base = layout(wall(300));
    const key = layoutKey(base);
    expect(layoutKey(layout(wall(300), { ...home, x: home.x + 1 }))).not.toBe(key);
    expect(layoutKey(layout(wall(300), { ...home, width: home.width + 2 }))).not.toBe(key);
    expect(layoutKey({ ...base, cards: [{ lit: true, home }] })).not.toBe(key);
    expect(layoutKey({ ...base, bounds: { ...bounds, height: bounds.height - 40 } })).not.toBe(key);
    expect(layoutKey({ ...base, zoom: 0.6 })).not.toBe(key);
  });

  it('a card read back where its shift put it has the key it was placed with: the placement settles', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 500 }),
        fc.integer({ min: 0, max: 300 }),
        fc.double({ min: 0.2, max: 3, noNaN: true }),
        (x, y, zoom) => {
          const l: CardLayout = {
            zoom,
            bounds,
            obstacles: [{ x: x - 10, y: y - 10, width: 80, height: 40 }],
            cards: [{ lit: true, home: { x: x + 0.3, y: y + 0.7, width: 52.4, height: 13.6 } }],
          };
          const [p] = placeLayout(l, 320);
          if (p.hidden) return;
          // as the screen shows it shifted, and as the shift is taken off again
          const shown = { ...l.cards[0].home, x: l.cards[0].home.x + p.dx * zoom, y: l.cards[0].home.y + p.dy * zoom };
          const back = { ...shown, x: shown.x - p.dx * zoom, y: shown.y - p.dy * zoom };
          expect(layoutKey({ ...l, cards: [{ lit: true, home: back }] })).toBe(layoutKey(l));
        },
      ),
      { seed, numRuns: 100 },
    );
  });
});

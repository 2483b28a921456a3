import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { CARD_GAP, type Card, overlaps, placeCards, type Rect } from './cardPlacement';

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

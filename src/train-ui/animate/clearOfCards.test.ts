import fc from 'fast-check';
import { expect, test } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { type Band, CARD_GAP, clearAt, frameClear, partsBeside } from './clearOfCards';

const seed = fcSeed();

/** The band beside the animation's panel at 1280×720 with the panels on their rails. */
const band: Band = { left: 16, top: 16, right: 790, bottom: 352 };
const onScreen = (
  r: { x: number; y: number; width: number; height: number },
  v: { x: number; y: number; zoom: number },
) => ({
  x: r.x * v.zoom + v.x,
  y: r.y * v.zoom + v.y,
  width: r.width * v.zoom,
  height: r.height * v.zoom,
});
const meets = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boundsOf = (rs: readonly { x: number; y: number; width: number; height: number }[]) => {
  const x = Math.min(...rs.map((r) => r.x));
  const y = Math.min(...rs.map((r) => r.y));
  return {
    x,
    y,
    width: Math.max(...rs.map((r) => r.x + r.width)) - x,
    height: Math.max(...rs.map((r) => r.y + r.height)) - y,
  };
};

test('with no card on the band, a view that holds the boxes is kept', () => {
  const boxes = [{ x: 0, y: 0, width: 100, height: 40 }];
  const at = { x: 100, y: 100, zoom: 0.6 };
  expect(frameClear(boxes, boxes[0], band, [], at, 0.6)).toBeNull();
  expect(frameClear(boxes, boxes[0], band, [{ x: 900, y: 0, width: 200, height: 200 }], at, 0.6)).toBeNull();
});

test("copying's opening frame at 1280×720: the givens go beside the card, not under it", () => {
  // features, W, b and labels at their places in the lesson, and the card at the band's bottom
  const boxes = [
    { x: 0, y: 220, width: 110, height: 30 },
    { x: 40, y: 20, width: 80, height: 30 },
    { x: 560, y: 80, width: 110, height: 30 },
    { x: 760, y: 420, width: 90, height: 30 },
  ];
  const bounds = boundsOf(boxes);
  const card = { x: 216, y: 210, width: 440, height: 232 };
  const at = { x: 16, y: 16, zoom: 0.6 };
  const to = frameClear(boxes, bounds, band, [card], at, 0.6);
  expect(to).not.toBeNull();
  if (!to) return;
  expect(clearAt(boxes, bounds, band, [card], to)).toBe(true);
  for (const b of boxes) expect(meets(onScreen(b, to), card)).toBe(false);
  expect(to.zoom).toBeLessThanOrEqual(0.6);
});

test('the parts a card leaves are beside, above and below it, clear of it by the gap', () => {
  const card = { x: 300, y: 100, width: 200, height: 100 };
  const parts = partsBeside(band, [card]);
  expect(parts).toHaveLength(4);
  for (const p of parts)
    expect(
      meets(
        { x: p.left, y: p.top, width: p.right - p.left, height: p.bottom - p.top },
        {
          x: card.x - CARD_GAP + 1,
          y: card.y - CARD_GAP + 1,
          width: card.width + 2 * CARD_GAP - 2,
          height: card.height + 2 * CARD_GAP - 2,
        },
      ),
    ).toBe(false);
});

const rect = (maxX: number, maxY: number) =>
  fc.record({
    x: fc.integer({ min: 0, max: maxX }),
    y: fc.integer({ min: 0, max: maxY }),
    width: fc.integer({ min: 40, max: 160 }),
    height: fc.integer({ min: 24, max: 60 }),
  });

test('property: wherever the card lies on the band, the framed boxes lie in the band and off the card', () => {
  fc.assert(
    fc.property(
      fc.array(rect(1200, 500), { minLength: 1, maxLength: 5 }),
      rect(600, 200).map((c) => ({ ...c, x: c.x + 16, y: c.y + 16, width: c.width * 3, height: c.height * 4 })),
      fc.double({ min: 0.3, max: 1.25, noNaN: true }),
      (boxes, card, zoom) => {
        const bounds = boundsOf(boxes);
        const to = frameClear(boxes, bounds, band, [card], { x: -5000, y: -5000, zoom }, zoom);
        expect(to).not.toBeNull();
        if (!to) return;
        // the room for both: the boxes lie in the band, none under the card, never zoomed in
        expect(clearAt(boxes, bounds, band, [card], to)).toBe(true);
        for (const b of boxes) expect(meets(onScreen(b, to), card)).toBe(false);
        const framed = onScreen(bounds, to);
        expect(framed.x).toBeGreaterThanOrEqual(band.left - 0.5);
        expect(framed.y + framed.height).toBeLessThanOrEqual(band.bottom + 0.5);
        expect(to.zoom).toBeLessThanOrEqual(zoom + 1e-9);
      },
    ),
    { seed, numRuns: 200 },
  );
});

test('property: a view already clear of the card is not moved', () => {
  fc.assert(
    fc.property(rect(300, 100), fc.double({ min: 0.4, max: 1, noNaN: true }), (box, zoom) => {
      const at = { x: band.left - box.x * zoom, y: band.top - box.y * zoom, zoom };
      const card = { x: 700, y: 250, width: 80, height: 80 };
      if (meets(onScreen(box, at), { ...card, x: card.x - CARD_GAP, y: card.y - CARD_GAP, width: 96, height: 96 }))
        return;
      expect(frameClear([box], box, band, [card], at, zoom)).toBeNull();
    }),
    { seed, numRuns: 200 },
  );
});

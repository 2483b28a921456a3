import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { boxesInView, cameraStops, placeZoom, presentView, READING_ZOOM, ROOM } from './presentCamera';

const seed = fcSeed();

describe('the presented camera', () => {
  it('reads a small piece of drawing at the reading zoom, centred above the caption', () => {
    const v = presentView({ x: 100, y: 50, width: 200, height: 60 }, 1920, 1080, 200);
    expect(v.zoom).toBe(READING_ZOOM);
    expect(v.x + 200 * v.zoom).toBeCloseTo(960);
    expect(v.y + 80 * v.zoom).toBeCloseTo(440);
  });

  it('zooms out for boxes at work that do not fit, never leaving one off the screen', () => {
    fc.assert(
      fc.property(
        fc.record({
          x: fc.integer({ min: -2000, max: 2000 }),
          y: fc.integer({ min: -2000, max: 2000 }),
          width: fc.integer({ min: 1, max: 4000 }),
          height: fc.integer({ min: 1, max: 2000 }),
        }),
        fc.integer({ min: 800, max: 2560 }),
        fc.integer({ min: 500, max: 1440 }),
        fc.integer({ min: 0, max: 300 }),
        (work, width, height, caption) => {
          const v = presentView(work, width, height, caption);
          expect(v.zoom).toBeLessThanOrEqual(READING_ZOOM);
          const left = work.x * v.zoom + v.x;
          const top = work.y * v.zoom + v.y;
          expect(left).toBeGreaterThanOrEqual(ROOM.across - 1e-6);
          expect(left + work.width * v.zoom).toBeLessThanOrEqual(width - ROOM.across + 1e-6);
          expect(top).toBeGreaterThanOrEqual(ROOM.down - 1e-6);
          expect(top + work.height * v.zoom).toBeLessThanOrEqual(height - caption - ROOM.down + 1e-6);
        },
      ),
      { seed, numRuns: 100 },
    );
  });

  it('frames, with the boxes at work, where their values go, or where their changes arrive', () => {
    const wires = [
      { source: 'x', target: 'lin' },
      { source: 'W', target: 'lin' },
      { source: 'lin', target: 'bias' },
    ];
    expect(boxesInView(['lin'], 'forward', [wires[2]], wires).sort()).toEqual(['W', 'bias', 'lin', 'x']);
    expect(boxesInView(['lin'], 'backward', [wires[1]], wires).sort()).toEqual(['W', 'lin']);
  });

  it('cuts a drawing too large to read whole into places, each read at the reading zoom, every box in one', () => {
    const rect = fc.record({
      x: fc.integer({ min: -3000, max: 3000 }),
      y: fc.integer({ min: -1500, max: 1500 }),
      width: fc.integer({ min: 10, max: 1200 }),
      height: fc.integer({ min: 10, max: 600 }),
    });
    fc.assert(
      fc.property(
        fc.array(rect, { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 800, max: 2560 }),
        fc.integer({ min: 500, max: 1440 }),
        fc.integer({ min: 0, max: 300 }),
        (rects, width, height, caption) => {
          const zoom = placeZoom(width, height);
          const stops = cameraStops(rects, { width, height, caption, zoom });
          expect(stops.flatMap((s) => s.members).sort((a, b) => a - b)).toEqual(rects.map((_, i) => i));
          for (const s of stops) {
            for (const i of s.members) {
              const r = rects[i];
              expect(r.x).toBeGreaterThanOrEqual(s.rect.x);
              expect(r.y).toBeGreaterThanOrEqual(s.rect.y);
              expect(r.x + r.width).toBeLessThanOrEqual(s.rect.x + s.rect.width);
              expect(r.y + r.height).toBeLessThanOrEqual(s.rect.y + s.rect.height);
            }
            // a place is read at its zoom, unless it is one box larger than the screen
            if (s.members.length > 1)
              expect(presentView(s.rect, width, height, caption).zoom).toBeGreaterThanOrEqual(zoom - 1e-9);
          }
          // the first place is in the column where the data enters, at the leftmost box
          const leftmost = Math.min(...rects.map((r) => r.x));
          const across = (width - 2 * ROOM.across) / zoom;
          for (const i of stops[0].members)
            expect(rects[i].x + rects[i].width - leftmost).toBeLessThanOrEqual(Math.max(across, rects[i].width));
        },
      ),
      { seed, numRuns: 100 },
    );
  });

  it('reads a drawing that fits in one place, and at 1920×1080 at the reading zoom', () => {
    const boxes = [
      { x: 0, y: 0, width: 100, height: 40 },
      { x: 300, y: 100, width: 100, height: 40 },
    ];
    expect(cameraStops(boxes, { width: 1920, height: 1080, caption: 150, zoom: READING_ZOOM })).toEqual([
      { rect: { x: 0, y: 0, width: 400, height: 140 }, members: [0, 1] },
    ]);
    expect(placeZoom(1920, 1080)).toBe(READING_ZOOM);
    expect(placeZoom(1280, 720)).toBeCloseTo((READING_ZOOM * 2) / 3);
    expect(cameraStops([], { width: 1920, height: 1080, caption: 0, zoom: 1 })).toEqual([]);
  });
});

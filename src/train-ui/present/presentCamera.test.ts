import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { boxesInView, presentView, READING_ZOOM, ROOM } from './presentCamera';

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
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { LABEL_RISE, PAIR, strandLayout } from './strandLayout';

type Point = readonly [number, number];
/** A path's points in order (a corner's control point stands for its curve, which lies inside their triangle). */
const points = (d: string): Point[] => {
  const n = numbers(d);
  return Array.from({ length: n.length / 2 }, (_, i) => [n[2 * i], n[2 * i + 1]] as const);
};
const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
/** Whether segments pq and rs meet (touching ends count). */
const meet = (p: Point, q: Point, r: Point, s: Point): boolean => {
  const d1 = cross(r, s, p);
  const d2 = cross(r, s, q);
  const d3 = cross(p, q, r);
  const d4 = cross(p, q, s);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const on = (a: Point, b: Point, c: Point) =>
    cross(a, b, c) === 0 &&
    Math.min(a[0], b[0]) <= c[0] &&
    c[0] <= Math.max(a[0], b[0]) &&
    Math.min(a[1], b[1]) <= c[1] &&
    c[1] <= Math.max(a[1], b[1]);
  return on(r, s, p) || on(r, s, q) || on(p, q, r) || on(p, q, s);
};
const segments = (d: string) => {
  const p = points(d);
  return p.slice(1).map((q, i) => [p[i], q] as const);
};

const seed = fcSeed();
const numbers = (d: string) => (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);

describe('strandLayout', () => {
  const optimiser = { x: 300, y: 0, width: 140, height: 50 };

  it('runs each pair from its slot on the optimiser to the top of its box, p left and p′ right', () => {
    const { paths } = strandLayout(optimiser, [
      { id: 'W2', rect: { x: 600, y: 200, width: 100, height: 40 } },
      { id: 'W1', rect: { x: 100, y: 200, width: 100, height: 40 } },
    ]);
    // ordered left to right, whatever order they came in: the pairs do not cross leaving the optimiser
    expect(paths.map((p) => p.id)).toEqual(['W1', 'W2']);
    const [x0, y0] = numbers(paths[0].forward);
    expect([x0, y0]).toEqual([300 + 140 / 3 - PAIR, 50]);
    expect(numbers(paths[0].forward).slice(-2)).toEqual([150 - PAIR, 200]);
    expect(numbers(paths[0].backward).slice(0, 2)).toEqual([150 + PAIR, 200]);
    expect(paths[0].forwardLabel).toEqual({ x: 150 - PAIR - 3, y: 200 - LABEL_RISE });
  });

  it('its bounds hold every point of every path and label, so the drawing is painted inside its element', () => {
    const rect = fc.record({
      x: fc.integer({ min: -2000, max: 2000 }),
      y: fc.integer({ min: -2000, max: 2000 }),
      width: fc.integer({ min: 10, max: 300 }),
      height: fc.integer({ min: 10, max: 120 }),
    });
    fc.assert(
      fc.property(rect, fc.array(rect, { maxLength: 8 }), (o, rs) => {
        const { paths, bounds } = strandLayout(
          o,
          rs.map((r, i) => ({ id: `t${i}`, rect: r })),
        );
        const inside = (x: number, y: number) =>
          x >= bounds.x && x <= bounds.x + bounds.width && y >= bounds.y && y <= bounds.y + bounds.height;
        for (const p of paths) {
          for (const d of [p.forward, p.backward]) {
            const n = numbers(d);
            for (let i = 0; i < n.length; i += 2) expect(inside(n[i], n[i + 1])).toBe(true);
          }
          expect(inside(p.forwardLabel.x, p.forwardLabel.y) && inside(p.backwardLabel.x, p.backwardLabel.y)).toBe(true);
        }
        // the slots leave the optimiser in the order of their boxes: no two pairs cross there
        const starts = paths.map((p) => numbers(p.forward)[0]);
        expect(starts).toEqual([...starts].sort((a, b) => a - b));
      }),
      { seed, numRuns: 100 },
    );
  });

  it('no two strands meet: each runs across in a lane of its own, as a learner is drawn (boxes side by side, 90 px under the optimiser)', () => {
    const row = fc
      .array(
        fc.record({
          gap: fc.integer({ min: 12, max: 400 }),
          width: fc.integer({ min: 40, max: 260 }),
          drop: fc.integer({ min: 0, max: 30 }),
        }),
        {
          minLength: 1,
          maxLength: 8,
        },
      )
      .chain((boxes) => fc.tuple(fc.constant(boxes), fc.integer({ min: -600, max: 600 })));
    fc.assert(
      fc.property(row, ([boxes, shift]) => {
        let x = shift;
        const targets = boxes.map((b, i) => {
          x += b.gap;
          const rect = { x, y: optimiser.y + optimiser.height + 90 + b.drop, width: b.width, height: 40 };
          x += b.width;
          return { id: `t${i}`, rect };
        });
        const strands = strandLayout(optimiser, targets).paths.flatMap((p) => [p.forward, p.backward].map(segments));
        const met: string[] = [];
        for (const [i, a] of strands.entries())
          for (const b of strands.slice(i + 1))
            if (a.some(([p, q]) => b.some(([r, t]) => meet(p, q, r, t)))) met.push(`${i} meets another`);
        expect(met).toEqual([]);
      }),
      { seed, numRuns: 50 },
    );
  });
});

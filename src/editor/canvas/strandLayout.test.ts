import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { LABEL_RISE, PAIR, strandLayout } from './strandLayout';

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
});

import { getBezierPath, Position } from '@xyflow/react';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../../testing/seed';
import { besidePath } from './backwardPath';

const seed = fcSeed();
const points = (d: string) => {
  const n = (d.match(/-?\d+(\.\d+)?/g) ?? []).map(Number);
  return Array.from({ length: n.length / 2 }, (_, i) => [n[2 * i], n[2 * i + 1]] as const);
};

describe('the backward strand beside a wire that enters from the top', () => {
  it('runs from the wire’s end back to its start, above where it leaves a side port and right of where it enters a top one', () => {
    const [d] = getBezierPath({
      sourceX: 225,
      sourceY: 205,
      targetX: 88,
      targetY: 340,
      sourcePosition: Position.Right,
      targetPosition: Position.Top,
    });
    const p = points(besidePath(d, 8) ?? '');
    expect(p[0][0]).toBeCloseTo(96);
    expect(p[0][1]).toBeCloseTo(340);
    expect(p[p.length - 1][0]).toBeCloseTo(225);
    expect(p[p.length - 1][1]).toBeCloseTo(197);
  });

  it('keeps its distance from the wire all along, however tight its turn: it never crosses or touches it', () => {
    fc.assert(
      fc.property(fc.integer({ min: -400, max: 400 }), fc.integer({ min: 60, max: 400 }), (dx, dy) => {
        const [d] = getBezierPath({
          sourceX: 0,
          sourceY: 0,
          targetX: dx,
          targetY: dy,
          sourcePosition: Position.Right,
          targetPosition: Position.Top,
        });
        const wire = points(besidePath(d, 0) ?? '');
        const strand = points(besidePath(d, 8) ?? '');
        // every point of the strand is near 8 px from the wire's nearest sampled point
        for (const [x, y] of strand) {
          const near = Math.min(...wire.map(([a, b]) => Math.hypot(a - x, b - y)));
          expect(near).toBeGreaterThan(5);
        }
      }),
      { seed, numRuns: 60 },
    );
  });

  it('leaves a path it cannot read to the caller', () => {
    expect(besidePath('M 0 0 L 10 10', 8)).toBeNull();
  });
});

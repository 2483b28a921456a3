import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { countOf, ORDERS, risen } from './counts';

const seed = fcSeed();

describe('the teacher’s orders to everyone', () => {
  it('ignores the counts found at joining and acts on each rise after', () => {
    const first = risen(null, { pause: 3, reset: 2 }, true);
    expect(first.act).toEqual([]);
    const next = risen(first.seen, { pause: 4, reset: 2 }, true);
    expect(next.act).toEqual(['pause']);
    expect(risen(next.seen, { pause: 4, reset: 3 }, true).act).toEqual(['reset']);
  });

  it('remembers nothing before the room synced, so history is never replayed', () => {
    const early = risen(null, { pause: 1, reset: 0 }, false);
    expect(early).toEqual({ act: [], seen: null });
    expect(risen(early.seen, { pause: 5, reset: 5 }, true).act).toEqual([]);
  });

  it('reads a bad count as 0', () => {
    for (const v of [undefined, 'x', -1, Number.NaN, Number.POSITIVE_INFINITY, null]) expect(countOf(v)).toBe(0);
  });

  it('acts on an order exactly when its count rose', () => {
    const n = fc.nat({ max: 1000 });
    fc.assert(
      fc.property(n, n, n, n, (p0, r0, p1, r1) => {
        const { act } = risen({ pause: p0, reset: r0 }, { pause: p1, reset: r1 }, true);
        expect(act).toEqual(ORDERS.filter((o) => (o === 'pause' ? p1 > p0 : r1 > r0)));
      }),
      { seed },
    );
  });
});

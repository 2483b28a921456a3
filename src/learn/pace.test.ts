import { describe, expect, it } from 'vitest';
import { BURST_MS, GAP_MS, MAKE_WAY_MS, Pace } from './pace';

/** A pace on a clock the test moves by hand. */
function paced(yieldEveryMs = 10) {
  const clock = { t: 1000 };
  return { clock, pace: new Pace(yieldEveryMs, () => clock.t) };
}

describe('Pace', () => {
  it('yields after its yieldEveryMs of work, without sleeping, when not making way', () => {
    const { clock, pace } = paced(10);
    expect(pace.makingWay).toBe(false);
    clock.t += 9;
    expect(pace.due(1000)).toBe(false);
    clock.t += 2;
    expect(pace.due(1000)).toBe(true);
    expect(pace.gap()).toBe(0);
  });

  it('while making way, yields after a short burst and sleeps at each yield', () => {
    const { clock, pace } = paced(10);
    pace.makeWay(true);
    expect(pace.makingWay).toBe(true);
    clock.t += BURST_MS + 0.5;
    expect(pace.due(1000)).toBe(true);
    expect(pace.gap()).toBe(GAP_MS);
  });

  it('goes back to full speed at once when told the gesture ended', () => {
    const { pace } = paced();
    pace.makeWay(true);
    pace.makeWay(false);
    expect(pace.makingWay).toBe(false);
    expect(pace.gap()).toBe(0);
  });

  it('ends a make-way that is not renewed, and a renewal extends it', () => {
    const { clock, pace } = paced();
    pace.makeWay(true);
    clock.t += MAKE_WAY_MS - 1;
    expect(pace.makingWay).toBe(true);
    pace.makeWay(true);
    clock.t += MAKE_WAY_MS - 1;
    expect(pace.makingWay).toBe(true);
    clock.t += 2;
    expect(pace.makingWay).toBe(false);
    expect(pace.gap()).toBe(0);
  });
});

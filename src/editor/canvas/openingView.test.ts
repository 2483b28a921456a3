import { describe, expect, it } from 'vitest';
import { OPENING_PADDING, openingViewport, READABLE_ZOOM } from './openingView';

const pane = { width: 860, height: 735 };

describe('the opening view', () => {
  it('keeps a wide diagram readable and starts at its left edge', () => {
    const v = openingViewport({ x: 0, y: 70, width: 1630, height: 380 }, pane);
    expect(v.zoom).toBe(READABLE_ZOOM.min);
    expect(v.x).toBe(OPENING_PADDING);
    expect(v.y).toBeCloseTo((735 - 380 * v.zoom) / 2 - 70 * v.zoom);
  });

  it('centres a diagram that fits, never zooming past the readable maximum', () => {
    const v = openingViewport({ x: 100, y: 100, width: 120, height: 40 }, pane);
    expect(v.zoom).toBe(READABLE_ZOOM.max);
    expect(v.x + (100 + 60) * v.zoom).toBeCloseTo(pane.width / 2);
  });
});

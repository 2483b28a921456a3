import { describe, expect, it } from 'vitest';
import { FIT_MIN_ZOOM, OPENING_PADDING, openingViewport, READABLE_ZOOM, wholeViewport } from './openingView';

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

  it('frames XOR whole at 1280×720 with the panels on their rails, at a zoom that reads', () => {
    const v = openingViewport({ x: 0, y: 70, width: 1630, height: 380 }, { width: 1208, height: 420 });
    expect(v.zoom).toBeGreaterThanOrEqual(READABLE_ZOOM.min);
    expect(v.x).toBeGreaterThanOrEqual(OPENING_PADDING - 1e-9);
    expect(v.x + 1630 * v.zoom).toBeLessThanOrEqual(1208 - OPENING_PADDING + 1e-9);
  });
});

describe('Fit view', () => {
  it('fits any diagram whole, centred, however far out that takes the zoom', () => {
    for (const bounds of [
      { x: 0, y: 70, width: 1630, height: 380 },
      { x: -500, y: -200, width: 12000, height: 900 },
      { x: 40, y: 40, width: 300, height: 6000 },
    ]) {
      const v = wholeViewport(bounds, pane);
      expect(v.zoom).toBeGreaterThanOrEqual(FIT_MIN_ZOOM);
      expect(bounds.x * v.zoom + v.x).toBeGreaterThanOrEqual(OPENING_PADDING - 1e-6);
      expect(bounds.y * v.zoom + v.y).toBeGreaterThanOrEqual(OPENING_PADDING - 1e-6);
      expect((bounds.x + bounds.width) * v.zoom + v.x).toBeLessThanOrEqual(pane.width - OPENING_PADDING + 1e-6);
      expect((bounds.y + bounds.height) * v.zoom + v.y).toBeLessThanOrEqual(pane.height - OPENING_PADDING + 1e-6);
    }
  });

  it('never zooms a small diagram in past the readable maximum', () => {
    expect(wholeViewport({ x: 0, y: 0, width: 100, height: 40 }, pane).zoom).toBe(READABLE_ZOOM.max);
  });
});

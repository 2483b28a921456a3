import { describe, expect, it } from 'vitest';
import { CLEAR_FLOOR, clearOfFurniture, meetsABox } from './furniture';

const legend = { x: 6, y: 30, width: 172, height: 130 };

describe('meetsABox', () => {
  it('sees a box drawn under a piece, at the view’s zoom and offset', () => {
    // a box at canvas (100, 100), 120×40: at zoom 0.5 and offset (0, 0) it is drawn at (50, 50)
    expect(meetsABox(legend, { x: 0, y: 0, zoom: 0.5 }, [{ x: 100, y: 100, width: 120, height: 40 }])).toBe(true);
  });

  it('sees no box when the view has moved it right of the piece', () => {
    expect(meetsABox(legend, { x: 200, y: 0, zoom: 0.5 }, [{ x: 100, y: 100, width: 120, height: 40 }])).toBe(false);
  });

  it('counts edges that only touch as apart, and any box of many', () => {
    const touching = { x: 178, y: 0, width: 50, height: 50 };
    expect(meetsABox(legend, { x: 0, y: 0, zoom: 1 }, [touching])).toBe(false);
    const under = { x: 170, y: 150, width: 50, height: 50 };
    expect(meetsABox(legend, { x: 0, y: 0, zoom: 1 }, [touching, under])).toBe(true);
  });

  it('is false for a drawing with no boxes', () => {
    expect(meetsABox(legend, { x: 0, y: 0, zoom: 1 }, [])).toBe(false);
  });
});

describe('clearOfFurniture', () => {
  // a drawing 1000×300 whose top-left and bottom-right boxes reach into the corners
  const boxes = [
    { x: 0, y: 0, width: 120, height: 40 },
    { x: 440, y: 130, width: 120, height: 40 },
    { x: 880, y: 260, width: 120, height: 40 },
  ];
  const bounds = { x: 0, y: 0, width: 1000, height: 300 };
  const pane = { width: 1064, height: 400 };
  const fitted = { x: 32, y: 50, zoom: 1 };
  const map = { x: pane.width - 160, y: pane.height - 100, width: 150, height: 90 };

  it('leaves a view alone when no box meets the furniture', () => {
    expect(clearOfFurniture(fitted, bounds, boxes, [{ x: 0, y: 380, width: 20, height: 20 }])).toEqual(fitted);
    expect(clearOfFurniture(fitted, bounds, boxes, [])).toEqual(fitted);
  });

  it('zooms out about the drawing’s centre until the corners are clear', () => {
    const v = clearOfFurniture(fitted, bounds, boxes, [legend, map]);
    expect(v.zoom).toBeLessThan(1);
    expect(v.zoom).toBeGreaterThanOrEqual(CLEAR_FLOOR);
    expect(meetsABox(legend, v, boxes)).toBe(false);
    expect(meetsABox(map, v, boxes)).toBe(false);
    // the centre stays where it was drawn
    expect(500 * v.zoom + v.x).toBeCloseTo(500 + 32);
    expect(150 * v.zoom + v.y).toBeCloseTo(150 + 50);
  });

  it('keeps the view when no zoom down to the floor clears a piece', () => {
    const centre = { x: 500, y: 170, width: 40, height: 40 };
    expect(clearOfFurniture(fitted, bounds, boxes, [centre])).toEqual(fitted);
  });
});

import { describe, expect, it } from 'vitest';
import { CLEAR_FLOOR, CLEAR_PAN, clearOfFurniture, meetsABox } from './furniture';

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

  it('zooms no lower than minZoom', () => {
    const v = clearOfFurniture(fitted, bounds, boxes, [legend, map], { minZoom: 0.99 });
    expect(v).toEqual(fitted);
  });

  describe('a drawing wider than the pane, opened at the readable zoom', () => {
    // CatGPT tiny at 1280×720: the input box starts 68 px from the pane's left, the zoom
    // buttons (bottom left) reach to 78 px, and the drawing runs on past the right edge.
    const wide = [
      { x: 0, y: 300, width: 140, height: 60 },
      { x: 400, y: 0, width: 140, height: 60 },
      { x: 3000, y: 300, width: 140, height: 60 },
    ];
    const wideBounds = { x: 0, y: 0, width: 3140, height: 360 };
    const opened = { x: 68, y: 40, zoom: 0.6 };
    const canvas = { width: 900, height: 400 };
    const controls = { x: 10, y: 200, width: 68, height: 120 };

    it('pans right of the controls, keeping the zoom and every box it showed whole', () => {
      expect(meetsABox(controls, opened, wide)).toBe(true);
      const v = clearOfFurniture(opened, wideBounds, wide, [controls], { pane: canvas, minZoom: 0.6 });
      expect(v.zoom).toBe(0.6);
      expect(meetsABox(controls, v, wide)).toBe(false);
      // the shortest pan that clears: 10 px would do, the steps are 8 px
      expect(v.x - opened.x).toBe(16);
      expect(v.y).toBe(opened.y);
      // the box at (400, 0), shown whole, is still whole
      expect(400 * v.zoom + v.x + 140 * v.zoom).toBeLessThanOrEqual(canvas.width);
    });

    it('clears the controls when the legend, which folds itself, or the map cannot be cleared', () => {
      // a legend over the middle of the drawing: no pan of 120 px clears it
      const over = { x: 200, y: 0, width: 500, height: 400, folds: true };
      const v = clearOfFurniture(opened, wideBounds, wide, [over, controls], { pane: canvas, minZoom: 0.6 });
      expect(meetsABox(over, v, wide)).toBe(true);
      expect(meetsABox(controls, v, wide)).toBe(false);
      expect(v.zoom).toBe(0.6);
      // the same piece that does not fold: the pan still clears the controls, and the box under
      // the piece stays under it (any view of that part of the drawing meets it)
      const stays = { ...over, folds: false };
      const w = clearOfFurniture(opened, wideBounds, wide, [stays, controls], { pane: canvas, minZoom: 0.6 });
      expect(w).toEqual(v);
      expect(meetsABox(stays, w, wide)).toBe(true);
    });

    it('does not pan without the pane, nor further than CLEAR_PAN, nor so a whole box is cut', () => {
      expect(clearOfFurniture(opened, wideBounds, wide, [controls], { minZoom: 0.6 })).toEqual(opened);
      const far = { x: 10, y: 0, width: 68 + CLEAR_PAN + 20, height: canvas.height };
      expect(clearOfFurniture(opened, wideBounds, wide, [far], { pane: canvas, minZoom: 0.6 })).toEqual(opened);
      // a drawing that fits the pane's width exactly: a pan right would cut its last box, a pan
      // left or up or down leaves its first under the buttons (they run the pane's height)
      const fits = wide.slice(0, 2);
      const fitsBounds = { x: 0, y: 0, width: 540, height: 360 };
      const tight = { width: 68 + 540 * 0.6, height: 400 };
      const column = { ...controls, y: 0, height: tight.height };
      expect(clearOfFurniture(opened, fitsBounds, fits, [column], { pane: tight, minZoom: 0.6 })).toEqual(opened);
      // the same drawing running on past the right edge may be pushed further past it
      const runsOn = { ...tight, width: tight.width - 20 };
      const v = clearOfFurniture(opened, fitsBounds, fits, [column], { pane: runsOn, minZoom: 0.6 });
      expect(v.x - opened.x).toBe(16);
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  centreIn,
  dockFor,
  frameBounds,
  freeBand,
  OVERVIEW_ZOOM,
  paddingAbovePanel,
  panInto,
  zoomToFit,
} from './useFitAbovePanel';

describe('the band above the Animation panel', () => {
  it('says pixels: React Flow reads a bare number as a share of the pane', () => {
    const p = paddingAbovePanel(200.4);
    for (const side of Object.values(p)) expect(side).toMatch(/^\d+px$/);
  });

  it('is the pane less the panel, a margin and the chips of the lowest wire', () => {
    const band = freeBand(800, 400, 200);
    expect(Number.parseFloat(paddingAbovePanel(200).bottom)).toBe(400 - band.bottom);
    expect(band.top).toBeLessThan(band.bottom);
  });

  it('frames a wide drawing by its width and a tall one by its height', () => {
    const band = freeBand(800, 400, 200); // 768 × 124
    expect(zoomToFit({ x: 0, y: 0, width: 1536, height: 10 }, band)).toBeCloseTo(0.5);
    expect(zoomToFit({ x: 0, y: 0, width: 10, height: 248 }, band)).toBeCloseTo(0.5);
  });

  it('pans only boxes outside the band, to its middle, at the same zoom', () => {
    const band = freeBand(800, 400, 200);
    const v = { x: 0, y: 0, zoom: 2 };
    expect(panInto({ x: 20, y: 20, width: 50, height: 20 }, band, v)).toBeNull();
    const to = panInto({ x: 1000, y: 500, width: 50, height: 20 }, band, v);
    expect(to).not.toBeNull();
    const t = to as { x: number; y: number; zoom: number };
    expect(t.zoom).toBe(2);
    // the boxes' centre lands on the band's centre
    expect(1025 * 2 + t.x).toBeCloseTo((band.left + band.right) / 2);
    expect(510 * 2 + t.y).toBeCloseTo((band.top + band.bottom) / 2);
    expect(panInto({ x: 1000, y: 500, width: 50, height: 20 }, band, t)).toBeNull();
  });

  it('zooms out just enough, never in, for boxes at work taller than the band', () => {
    const band = freeBand(800, 400, 200); // 768 × 124
    // the optimiser 186 above the model: fits at 2/3
    const tall = { x: 0, y: -100, width: 100, height: 186 };
    const out = panInto(tall, band, { x: 0, y: 0, zoom: 0.8 });
    expect(out?.zoom).toBeCloseTo(2 / 3);
    const t = out as { x: number; y: number; zoom: number };
    expect(-100 * t.zoom + t.y).toBeGreaterThanOrEqual(band.top - 1e-9);
    expect(86 * t.zoom + t.y).toBeLessThanOrEqual(band.bottom + 1e-9);
    // taller still: below the overview zoom, for no box at work is cut by the canvas's edge
    const taller = panInto({ ...tall, height: 2000 }, band, { x: 0, y: 0, zoom: 0.8 });
    expect(taller?.zoom).toBeLessThan(OVERVIEW_ZOOM);
    expect(taller?.zoom).toBeCloseTo(124 / 2000);
    // already out further than it needs: the zoom stays
    expect(panInto({ ...tall, height: 2000 }, band, { x: 0, y: 0, zoom: 0.05 })?.zoom).toBe(0.05);
    expect(panInto({ x: 5000, y: 0, width: 10, height: 10 }, band, { x: 0, y: 0, zoom: 0.7 })?.zoom).toBe(0.7);
  });

  it('docks at the side of a low, wide canvas (1280×720, panels on their rails) and at the bottom of a tall one', () => {
    expect(dockFor(1208, 420)).toBe('side');
    expect(dockFor(1294, 454)).toBe('side');
    expect(dockFor(1360, 700)).toBe('bottom');
    expect(dockFor(700, 420)).toBe('bottom');
  });

  it('at the side, leaves the band left of the panel, as tall as the canvas less the chips', () => {
    const band = freeBand(1208, 420, 400, 'side');
    expect(band.right).toBeLessThanOrEqual(1208 - 400);
    expect(band.bottom).toBe(420 - Number.parseFloat(paddingAbovePanel(400, 'side').bottom));
    expect(1208 - band.right).toBe(Number.parseFloat(paddingAbovePanel(400, 'side').right));
    // XOR's boxes at work, two boxes 400 wide, fit it at the user's zoom of 0.7
    expect(panInto({ x: 0, y: 0, width: 400, height: 60 }, band, { x: 0, y: 0, zoom: 0.7 })?.zoom ?? 0.7).toBe(0.7);
  });

  it('brings a box back to the middle of the band at a readable zoom after an overview below it', () => {
    const band = freeBand(1208, 420, 400, 'side');
    const box = { x: 300, y: 100, width: 120, height: 40 };
    const to = centreIn(box, band, OVERVIEW_ZOOM);
    expect(to.zoom).toBe(OVERVIEW_ZOOM);
    expect(box.x * to.zoom + to.x + (box.width * to.zoom) / 2).toBeCloseTo((band.left + band.right) / 2);
    expect(box.y * to.zoom + to.y + (box.height * to.zoom) / 2).toBeCloseTo((band.top + band.bottom) / 2);
  });

  it("frames the boxes at work alone when the wires they light reach too far: XOR's opening frame reads at 0.6", () => {
    // 1280×720, the panel at the side: XOR's givens span 1215 flow px, their wires reach the loss at 1402
    const band = freeBand(1208, 412, 400, 'side');
    const withWires = { x: 0, y: 0, width: 1402, height: 330 };
    const givens = { x: 0, y: 0, width: 1215, height: 330 };
    const drawing = { x: 0, y: -60, width: 1600, height: 480 };
    const framed = frameBounds([withWires, givens], () => drawing, band);
    expect(framed).toEqual({ bounds: givens, whole: false });
    expect(zoomToFit(framed.bounds, band)).toBeGreaterThanOrEqual(OVERVIEW_ZOOM);
    // the first that fits wins; none fitting frames the whole drawing
    const small = { x: 0, y: 0, width: 300, height: 60 };
    expect(frameBounds([small, givens], () => drawing, band)).toEqual({ bounds: small, whole: false });
    expect(frameBounds([withWires, withWires], () => drawing, band)).toEqual({ bounds: drawing, whole: true });
  });
});

import { describe, expect, it } from 'vitest';
import { frameInMap } from './CanvasMap';

const bounds = { x: 0, y: 0, width: 1500, height: 900 }; // fills the 150×90 map at scale 0.1

describe("the canvas map's view frame", () => {
  it('is the part of the diagram in view, scaled into the map', () => {
    const f = frameInMap(bounds, { x: -500, y: -300, zoom: 1 }, { width: 600, height: 300 });
    expect(f).toEqual({ x: 50, y: 30, width: 60, height: 30 });
  });

  it('is the whole map, and never outside it, when the view holds more than the diagram', () => {
    const f = frameInMap(bounds, { x: 100, y: 50, zoom: 0.3 }, { width: 900, height: 500 });
    expect(f).toEqual({ x: 0, y: 0, width: 150, height: 90 });
  });

  it('is cut at the map edge when the view reaches past one side', () => {
    const f = frameInMap(bounds, { x: 200, y: 0, zoom: 1 }, { width: 600, height: 300 });
    expect(f.x).toBe(0);
    expect(f.width).toBeCloseTo(40);
  });
});

import { describe, expect, it } from 'vitest';
import { CANVAS_SHARE, canvasWidth, defaultPanels, NARROW_MAX_WIDTH, opened, readPanels } from './panelLayout';

describe('the panels a window starts with', () => {
  it('keeps the palette, the inspector and the data panel on their rails up to 1440 px wide, and opens all beyond', () => {
    for (const w of [1024, 1280, 1366, NARROW_MAX_WIDTH])
      expect(defaultPanels(w)).toEqual({ palette: false, inspector: false, data: false, training: true });
    expect(defaultPanels(1920)).toEqual({ palette: true, inspector: true, data: true, training: true });
  });

  it('lets a kept choice win, panel by panel', () => {
    expect(readPanels(JSON.stringify({ palette: true }), 1280)).toEqual({
      palette: true,
      inspector: false,
      data: false,
      training: true,
    });
    expect(readPanels(JSON.stringify({ training: false, data: false }), 1920)).toMatchObject({
      palette: true,
      training: false,
      data: false,
    });
  });

  it('ignores what is not a choice: bad JSON, other types, unknown panels', () => {
    const base = defaultPanels(1280);
    expect(readPanels('{not json', 1280)).toEqual(base);
    expect(readPanels('null', 1280)).toEqual(base);
    expect(readPanels('[true]', 1280)).toEqual(base);
    expect(readPanels(JSON.stringify({ palette: 'yes', ruler: true }), 1280)).toEqual(base);
  });
});

describe('opening a panel', () => {
  const rails = defaultPanels(1280);
  const all = { palette: true, inspector: true, data: true, training: true };

  it('folds the other side of the canvas when the canvas would keep less than 60% of the window', () => {
    // the palette, the inspector and the data panel at 1280 px: a canvas of 720 px (56%)
    expect(canvasWidth(all, 1280)).toBe(720);
    const palette = opened(rails, 'palette', true, 1280);
    expect(palette).toEqual({ ...rails, palette: true });
    expect(opened(palette, 'inspector', true, 1280)).toEqual({ ...rails, inspector: true });
    expect(opened(palette, 'data', true, 1280)).toEqual({ ...rails, data: true });
    expect(opened({ ...rails, inspector: true, data: true }, 'palette', true, 1280)).toEqual({
      ...rails,
      palette: true,
    });
  });

  it('keeps every panel open where the canvas has room for them, and never folds on a close', () => {
    expect(opened({ ...all, palette: false }, 'palette', true, 1920)).toEqual(all);
    expect(opened({ ...all, palette: false }, 'palette', true, 1440)).toEqual(all);
    // the inspector opened beside the data panel changes no column's width
    expect(opened({ ...rails, data: true }, 'inspector', true, 1280)).toEqual({
      ...rails,
      data: true,
      inspector: true,
    });
    expect(opened(all, 'data', false, 1280)).toEqual({ ...all, data: false });
    expect(opened(all, 'training', true, 1280)).toEqual(all);
  });

  it('leaves the canvas 60% of the window or more after any opening, at every width a class uses', () => {
    const kinds = ['palette', 'inspector', 'data'] as const;
    for (const w of [1024, 1280, 1366, 1440, 1920])
      for (let mask = 0; mask < 8; mask++) {
        const now = { palette: !!(mask & 1), inspector: !!(mask & 2), data: !!(mask & 4), training: true };
        // from any arrangement an opening could have left
        if (canvasWidth(now, w) < CANVAS_SHARE * w) continue;
        for (const p of kinds) {
          const next = opened(now, p, true, w);
          expect(next[p]).toBe(true);
          expect(canvasWidth(next, w)).toBeGreaterThanOrEqual(CANVAS_SHARE * w);
        }
      }
  });
});

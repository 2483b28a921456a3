import { describe, expect, it } from 'vitest';
import { defaultPanels, NARROW_MAX_WIDTH, readPanels } from './panelLayout';

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

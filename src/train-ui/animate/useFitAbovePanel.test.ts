import { describe, expect, it } from 'vitest';
import { paddingAbovePanel } from './useFitAbovePanel';

describe('paddingAbovePanel', () => {
  it('says pixels: React Flow reads a bare number as a share of the pane', () => {
    const p = paddingAbovePanel(200.4);
    for (const side of Object.values(p)) expect(side).toMatch(/^\d+px$/);
  });
  it('leaves the panel, a margin and the chips of the lowest wire below the drawing', () => {
    const p = paddingAbovePanel(200);
    expect(Number.parseFloat(p.bottom)).toBe(200 + Number.parseFloat(p.top) + 44);
  });
});

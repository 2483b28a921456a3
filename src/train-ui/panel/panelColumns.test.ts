/**
 * The panel's columns in numbers are train.css's, and the charts are side by side only where each
 * is readable (docs/screen.md, "A narrow training panel").
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHART_GAP, CLOSE_WINDOW, chartsSideBySide, MIN_CHART, viewsWidth } from './panelColumns';

const css = readFileSync(new URL('./train.css', import.meta.url), 'utf8');

describe("the training panel's columns", () => {
  it('are the widths train.css lays out', () => {
    expect(css).toContain('grid-template-columns: 300px 230px minmax(0, 1fr);\n  gap: 12px;');
    expect(css).toContain(
      `@media (max-width: ${CLOSE_WINDOW}px) {\n  .train-panel {\n    grid-template-columns: 270px 215px minmax(0, 1fr);\n    gap: 10px;`,
    );
    expect(css).toContain('grid-template-columns: 300px 24px minmax(0, 1fr);');
    expect(css).toContain('grid-template-columns: 270px 24px minmax(0, 1fr);');
    expect(css).toContain(`column-gap: ${CHART_GAP}px;`);
  });

  it('give the views what the page measured', () => {
    // 1280×720 with every side panel open: a 720 px panel; its views 382 px folded, 191 px open
    expect(viewsWidth(720, false, 1280)).toBe(382);
    expect(viewsWidth(720, true, 1280)).toBe(191);
    // 1920×1080 with every side panel open: a 1360 px panel, its views 782 px
    expect(viewsWidth(1360, true, 1920)).toBe(782);
  });

  it('draw two charts side by side only where each has 200 px', () => {
    expect(chartsSideBySide(2 * MIN_CHART + CHART_GAP)).toBe(true);
    expect(chartsSideBySide(2 * MIN_CHART + CHART_GAP - 1)).toBe(false);
    // the 382 px and 191 px views of a 720 px panel draw one chart at a time
    expect(chartsSideBySide(382)).toBe(false);
    expect(chartsSideBySide(191)).toBe(false);
    expect(chartsSideBySide(782)).toBe(true);
  });
});

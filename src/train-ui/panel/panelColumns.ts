/**
 * The training panel's columns in numbers (train.css keeps the same): the training column, the
 * settings (open, or a rail), and the views, which take the rest. From them: whether the settings
 * can stand open beside two readable charts, and whether the charts' place holds two side by side
 * (docs/screen.md, "A narrow training panel").
 */

/** The columns at a window wider than `CLOSE_WINDOW` px, and at that width or less (train.css's @media). */
const WIDE = { numbers: 300, settings: 230, gap: 12 };
const CLOSE = { numbers: 270, settings: 215, gap: 10 };
export const CLOSE_WINDOW = 1500;
const PADDING = 2 * 12;
const RAIL = 24;

/** A chart narrower than this reads badly: its axes take ~100 px of it. */
export const MIN_CHART = 200;
/** The space between the two charts (`.train-charts`' column gap). */
export const CHART_GAP = 16;
/** The least width of the views that holds two readable charts side by side. */
export const TWO_CHARTS = 2 * MIN_CHART + CHART_GAP;

/** The views' width in a panel `panel` px wide, with the settings open or folded to their rail. */
export function viewsWidth(panel: number, settingsOpen: boolean, windowWidth: number): number {
  const c = windowWidth > CLOSE_WINDOW ? WIDE : CLOSE;
  return panel - PADDING - c.numbers - (settingsOpen ? c.settings : RAIL) - 2 * c.gap;
}

/** Two charts side by side in a place `width` px wide; else one at a time, each the whole width. */
export const chartsSideBySide = (width: number): boolean => width >= TWO_CHARTS;

/**
 * Which panels are open: the palette, the inspector, the data panel and the training panel.
 * A first visit gets an arrangement chosen for the window's width (docs/screen.md): wider than
 * 1440 px every panel is open; at 1440 px and below (a 1366 or 1280 laptop, a projector) the
 * palette and the inspector start as labels on narrow rails, so the canvas keeps most of the
 * width (the data panel too: the trained model's view shows the data). Once a user opens or closes a panel, their choice is kept in localStorage and wins.
 * Opening a panel that would leave the canvas less than `CANVAS_SHARE` of the window folds the
 * panels on the other side of the canvas to their rails (`opened`).
 */
export const PANELS = ['palette', 'inspector', 'data', 'training'] as const;
export type Panel = (typeof PANELS)[number];
export type PanelsOpen = Readonly<Record<Panel, boolean>>;

/** Widest window that starts with the palette and the inspector on their rails. */
export const NARROW_MAX_WIDTH = 1440;
export const PANELS_KEY = 'lensboard.panels';

export function defaultPanels(windowWidth: number): PanelsOpen {
  const wide = windowWidth > NARROW_MAX_WIDTH;
  return { palette: wide, inspector: wide, data: wide, training: true };
}

/**
 * The kept choice over the default: only the panels it names as booleans count, so a kept
 * value from another version, or one edited by hand, never hides a panel by accident.
 */
export function readPanels(kept: string | null, windowWidth: number): PanelsOpen {
  const base = defaultPanels(windowWidth);
  if (!kept) return base;
  let parsed: unknown;
  try {
    parsed = JSON.parse(kept);
  } catch {
    return base;
  }
  if (typeof parsed !== 'object' || parsed === null) return base;
  const out = { ...base };
  for (const p of PANELS) {
    const v = (parsed as Record<string, unknown>)[p];
    if (typeof v === 'boolean') out[p] = v;
  }
  return out;
}

/** The side columns' widths in app/app.css: the palette, the inspector and data column, a rail. */
export const PALETTE_WIDTH = 240;
export const SIDE_WIDTH = 320;
export const RAIL_WIDTH = 36;
/** The least share of the window's width the canvas keeps when a user opens a panel. */
export const CANVAS_SHARE = 0.6;

/** The canvas's width (and the training panel's, under it) for these panels in a window `windowWidth` wide. */
export function canvasWidth(open: PanelsOpen, windowWidth: number): number {
  const side = open.inspector || open.data ? SIDE_WIDTH : RAIL_WIDTH;
  return windowWidth - (open.palette ? PALETTE_WIDTH : RAIL_WIDTH) - side;
}

/**
 * The panels after a user opens or closes `panel`. Opened, a panel that leaves the canvas less
 * than `CANVAS_SHARE` of the window folds the other side's to their rails: at 1280 px the palette
 * with the inspector and the data panel left the canvas and the training panel 720 px (56%), the
 * charts 88 px wide and the diagram's loss past the canvas's edge (docs/screen.md).
 */
export function opened(now: PanelsOpen, panel: Panel, open: boolean, windowWidth: number): PanelsOpen {
  const next = { ...now, [panel]: open };
  if (!open || panel === 'training' || canvasWidth(next, windowWidth) >= CANVAS_SHARE * windowWidth) return next;
  return panel === 'palette' ? { ...next, inspector: false, data: false } : { ...next, palette: false };
}

/**
 * Which panels are open: the palette, the inspector, the data panel and the training panel.
 * A first visit gets an arrangement chosen for the window's width (docs/screen.md): wider than
 * 1440 px every panel is open; at 1440 px and below (a 1366 or 1280 laptop, a projector) the
 * palette and the inspector start as labels on narrow rails, so the canvas keeps most of the
 * width (the data panel too: the trained model's view shows the data). Once a user opens or closes a panel, their choice is kept in localStorage and wins.
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

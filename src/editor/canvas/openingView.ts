/**
 * Where a freshly opened document is shown, and where Fit view puts it (docs/screen.md). An
 * opened document is framed whole when it can be read whole (at 0.6 or more: the XOR example
 * at 0.7 on a 1280×720 screen, the panels on their rails); a larger one starts at its left
 * edge, where the data enters, and the canvas map shows the rest. Fit view fits any diagram
 * whole, however far out that takes the zoom: readability comes from the canvas's room.
 */
export const READABLE_ZOOM = { min: 0.6, max: 1.25 } as const;
/** How far out Fit view may go: far enough for any diagram (React Flow's minZoom on the canvas). */
export const FIT_MIN_ZOOM = 0.02;
export const OPENING_PADDING = 32;
/** React Flow's own fit button fits the whole diagram, as Fit view does (docs/screen.md). */
export const WHOLE_FIT = { padding: 0.05, minZoom: FIT_MIN_ZOOM, maxZoom: READABLE_ZOOM.max } as const;

const DEFAULT_SIZE = { width: 120, height: 48 };

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export function openingViewport(
  bounds: Rect,
  pane: { width: number; height: number },
  pad = OPENING_PADDING,
  minZoom: number = READABLE_ZOOM.min,
) {
  const fit = Math.min(
    (pane.width - 2 * pad) / Math.max(bounds.width, 1),
    (pane.height - 2 * pad) / Math.max(bounds.height, 1),
  );
  const zoom = Math.min(READABLE_ZOOM.max, Math.max(minZoom, fit));
  const centre = (paneSize: number, start: number, size: number) => (paneSize - size * zoom) / 2 - start * zoom;
  const fitsWide = bounds.width * zoom <= pane.width - 2 * pad;
  const fitsHigh = bounds.height * zoom <= pane.height - 2 * pad;
  return {
    x: fitsWide ? centre(pane.width, bounds.x, bounds.width) : pad - bounds.x * zoom,
    y: fitsHigh ? centre(pane.height, bounds.y, bounds.height) : pad - bounds.y * zoom,
    zoom,
  };
}

/** Fit view: the whole diagram, centred, zoomed out as far as it takes (never in past the readable maximum). */
export function wholeViewport(bounds: Rect, pane: { width: number; height: number }, pad = OPENING_PADDING) {
  return openingViewport(bounds, pane, pad, FIT_MIN_ZOOM);
}

/** Each node's rectangle, from its position and measured size (a default size if not measured). */
export function nodeRects(
  nodes: readonly { id: string; position: { x: number; y: number } }[],
  measured: Readonly<Record<string, { width: number; height: number }>>,
): Rect[] {
  return nodes.map((n) => ({ ...n.position, ...(measured[n.id] ?? DEFAULT_SIZE) }));
}

/** The box around the nodes, from their positions and measured sizes (a default size if not measured). */
export function documentBounds(
  nodes: readonly { id: string; position: { x: number; y: number } }[],
  measured: Readonly<Record<string, { width: number; height: number }>>,
): Rect | null {
  if (nodes.length === 0) return null;
  const right = (n: (typeof nodes)[number]) => n.position.x + (measured[n.id] ?? DEFAULT_SIZE).width;
  const bottom = (n: (typeof nodes)[number]) => n.position.y + (measured[n.id] ?? DEFAULT_SIZE).height;
  const x = Math.min(...nodes.map((n) => n.position.x));
  const y = Math.min(...nodes.map((n) => n.position.y));
  return { x, y, width: Math.max(...nodes.map(right)) - x, height: Math.max(...nodes.map(bottom)) - y };
}

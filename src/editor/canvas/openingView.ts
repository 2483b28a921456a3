/**
 * Where a freshly opened document is shown. Fitting a wide diagram into the canvas makes its
 * boxes and type labels unreadable (the XOR example fits at 0.44 in a 1400×850 window), so the
 * zoom stays within a readable range; when the whole diagram does not fit at that zoom, the view
 * starts at its left edge, where the data enters, and the minimap shows the rest.
 */
export const READABLE_ZOOM = { min: 0.8, max: 1.25 } as const;
export const OPENING_PADDING = 32;

const DEFAULT_SIZE = { width: 120, height: 48 };

interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export function openingViewport(bounds: Rect, pane: { width: number; height: number }, pad = OPENING_PADDING) {
  const fit = Math.min(
    (pane.width - 2 * pad) / Math.max(bounds.width, 1),
    (pane.height - 2 * pad) / Math.max(bounds.height, 1),
  );
  const zoom = Math.min(READABLE_ZOOM.max, Math.max(READABLE_ZOOM.min, fit));
  const centre = (paneSize: number, start: number, size: number) => (paneSize - size * zoom) / 2 - start * zoom;
  const fitsWide = bounds.width * zoom <= pane.width - 2 * pad;
  const fitsHigh = bounds.height * zoom <= pane.height - 2 * pad;
  return {
    x: fitsWide ? centre(pane.width, bounds.x, bounds.width) : pad - bounds.x * zoom,
    y: fitsHigh ? centre(pane.height, bounds.y, bounds.height) : pad - bounds.y * zoom,
    zoom,
  };
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

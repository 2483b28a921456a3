/**
 * The canvas's furniture as it stands on screen, in pane pixels (furniture.ts): the legend at the
 * size it has open (WireLegend keeps that size on its panel while it is folded by itself), the
 * controls and the canvas map.
 */
import type { Piece } from './furniture';

/** The legend's open size, `width×height`, kept on its panel while it is folded by itself. */
export const LEGEND_OPEN_SIZE = 'data-open-size';

function openLegendSize(el: Element, r: DOMRect): { width: number; height: number } {
  if (el.querySelector('details')?.open) return { width: r.width, height: r.height };
  const kept = el.getAttribute(LEGEND_OPEN_SIZE)?.split('×').map(Number);
  return kept && kept.length === 2 && kept.every(Number.isFinite) ? { width: kept[0], height: kept[1] } : r;
}

export function furnitureOnScreen(pane: Element): Piece[] {
  const at = pane.getBoundingClientRect();
  const pieces: Piece[] = [];
  for (const el of pane.querySelectorAll('.wire-legend, .react-flow__controls, .canvas-map')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const legend = el.classList.contains('wire-legend');
    const size = legend ? openLegendSize(el, r) : r;
    pieces.push({ x: r.x - at.x, y: r.y - at.y, width: size.width, height: size.height, folds: legend });
  }
  return pieces;
}

/**
 * Whether a box of the drawing lies, even in part, under the canvas's furniture or past the
 * pane's edge: a view that hides it is framed again (commands/toggleLensView.ts).
 */
export function boxHidden(pane: Element): boolean {
  const at = pane.getBoundingClientRect();
  const furniture = furnitureOnScreen(pane);
  for (const node of pane.querySelectorAll('.react-flow__node')) {
    const r = node.getBoundingClientRect();
    if (r.width === 0) continue;
    const x = r.x - at.x;
    const y = r.y - at.y;
    if (x < 0 || y < 0 || x + r.width > at.width || y + r.height > at.height) return true;
    const under = furniture.some(
      (f) => x < f.x + f.width && x + r.width > f.x && y < f.y + f.height && y + r.height > f.y,
    );
    if (under) return true;
  }
  return false;
}

/**
 * The canvas's furniture as it stands on screen, in pane pixels (furniture.ts): the legend at the
 * size it has open (WireLegend keeps that size on its panel while it is folded by itself), the
 * controls and the canvas map.
 */
import type { Rect } from './furniture';

/** The legend's open size, `width×height`, kept on its panel while it is folded by itself. */
export const LEGEND_OPEN_SIZE = 'data-open-size';

function openLegendSize(el: Element, r: DOMRect): { width: number; height: number } {
  if (el.querySelector('details')?.open) return { width: r.width, height: r.height };
  const kept = el.getAttribute(LEGEND_OPEN_SIZE)?.split('×').map(Number);
  return kept && kept.length === 2 && kept.every(Number.isFinite) ? { width: kept[0], height: kept[1] } : r;
}

export function furnitureOnScreen(pane: Element): Rect[] {
  const at = pane.getBoundingClientRect();
  const pieces: Rect[] = [];
  for (const el of pane.querySelectorAll('.wire-legend, .react-flow__controls, .canvas-map')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const size = el.classList.contains('wire-legend') ? openLegendSize(el, r) : r;
    pieces.push({ x: r.x - at.x, y: r.y - at.y, width: size.width, height: size.height });
  }
  return pieces;
}

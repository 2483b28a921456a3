/**
 * A canvas made ready to draw a w × h picture on: its pixels sized at the device pixel ratio, so
 * the picture stays sharp on a dense screen, its context scaled to CSS pixels and painted white.
 */
export function whiteCanvas(canvas: HTMLCanvasElement, w: number, h: number): CanvasRenderingContext2D | null {
  const dpr = window.devicePixelRatio || 1;
  canvas.width = w * dpr;
  canvas.height = h * dpr;
  const g = canvas.getContext('2d');
  if (!g) return null;
  g.scale(dpr, dpr);
  g.fillStyle = '#fff';
  g.fillRect(0, 0, w, h);
  return g;
}

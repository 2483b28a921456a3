/**
 * Lens view: the backward strand of a wire that enters a box from the top (a parameter's wire, as
 * the paper draws Para): the forward curve drawn again `by` pixels to its left-hand side, from
 * its end back to its start. A strand beside its wire at every point never crosses it, where
 * shifting the whole curve (as a wire between side ports is shifted down) would cross a wire that
 * leaves sideways and turns down, and end inside the box it enters. The left-hand side is the
 * outside of the wire's turn from its side port down into the top one, so the strand keeps its
 * distance however tight that turn is (backwardPath.test.ts).
 */

type Point = readonly [number, number];

/** The points of a path `M x,y C x,y x,y x,y` (as React Flow's getBezierPath writes it), or null. */
function cubicOf(d: string): [Point, Point, Point, Point] | null {
  const n = (d.match(/-?\d+(\.\d+)?(e-?\d+)?/g) ?? []).map(Number);
  if (!/^M[^C]*C/.test(d.trim()) || n.length !== 8) return null;
  return [
    [n[0], n[1]],
    [n[2], n[3]],
    [n[4], n[5]],
    [n[6], n[7]],
  ];
}

const SAMPLES = 32;

/** The strand beside the cubic path `d`, `by` to the left of its way, drawn from its end to its start; null for another path. */
export function besidePath(d: string, by: number): string | null {
  const c = cubicOf(d);
  if (!c) return null;
  const [p0, p1, p2, p3] = c;
  const out: string[] = [];
  for (let i = SAMPLES; i >= 0; i--) {
    const t = i / SAMPLES;
    const u = 1 - t;
    const x = u * u * u * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t * t * t * p3[0];
    const y = u * u * u * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t * t * t * p3[1];
    let dx = 3 * u * u * (p1[0] - p0[0]) + 6 * u * t * (p2[0] - p1[0]) + 3 * t * t * (p3[0] - p2[0]);
    let dy = 3 * u * u * (p1[1] - p0[1]) + 6 * u * t * (p2[1] - p1[1]) + 3 * t * t * (p3[1] - p2[1]);
    const len = Math.hypot(dx, dy);
    if (len < 1e-9) {
      // a control point on its end: the way there is towards the next control point
      dx = (t < 0.5 ? p2[0] : p3[0]) - (t < 0.5 ? p0[0] : p1[0]);
      dy = (t < 0.5 ? p2[1] : p3[1]) - (t < 0.5 ? p0[1] : p1[1]);
    }
    const l = Math.hypot(dx, dy) || 1;
    // left of the way on the screen (y down): the way turned a quarter counter-clockwise
    out.push(`${(x + (dy / l) * by).toFixed(1)} ${(y - (dx / l) * by).toFixed(1)}`);
  }
  return `M ${out.join(' L ')}`;
}

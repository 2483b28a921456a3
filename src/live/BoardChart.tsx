/**
 * Every student's loss curve on one chart (docs/class.md#the-board): steps across, the loss
 * on a log scale up, the best run drawn last and thickest. An SVG of one polyline per student;
 * a polyline is drawn again only when its curve, its name, its rank or the chart's scale
 * changed (the board's rows keep an unchanged student's curve the same array: boardRows.ts).
 */
import { memo } from 'react';
import { type BoardRow, shownName } from './board';

const W = 360;
const H = 160;
const PAD = 4;

export function BoardChart({ rows, best, named }: { rows: readonly BoardRow[]; best: string | null; named: boolean }) {
  let maxStep = 1;
  let lo = Infinity;
  let hi = -Infinity;
  for (const r of rows)
    for (const [s, l] of r.curve) {
      maxStep = Math.max(maxStep, s);
      if (l > 0) {
        lo = Math.min(lo, Math.log10(l));
        hi = Math.max(hi, Math.log10(l));
      }
    }
  if (!(hi > lo)) {
    lo = Number.isFinite(lo) ? lo - 1 : -1;
    hi = lo + 2;
  }
  const order = [...rows.entries()].sort(([, a], [, b]) => Number(a.id === best) - Number(b.id === best));
  return (
    <svg className="live-chart" viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Loss curves of the class">
      <rect width={W} height={H} className="live-chart-back" />
      {order.map(([i, r]) => (
        <Curve
          key={r.id}
          curve={r.curve}
          index={i}
          best={r.id === best}
          who={shownName(r, i, named)}
          maxStep={maxStep}
          lo={lo}
          hi={hi}
        />
      ))}
    </svg>
  );
}

const Curve = memo(function Curve({
  curve,
  index,
  best,
  who,
  maxStep,
  lo,
  hi,
}: {
  curve: BoardRow['curve'];
  index: number;
  best: boolean;
  who: string;
  maxStep: number;
  lo: number;
  hi: number;
}) {
  const x = (s: number) => PAD + (s / maxStep) * (W - 2 * PAD);
  const y = (l: number) => PAD + (1 - (Math.log10(Math.max(l, 1e-12)) - lo) / (hi - lo)) * (H - 2 * PAD);
  return (
    <polyline
      data-student={who}
      className={best ? 'live-curve live-curve-best' : 'live-curve'}
      style={{ stroke: best ? undefined : `hsl(${(index * 137) % 360} 55% 50%)` }}
      points={curve.map(([s, l]) => `${x(s).toFixed(1)},${y(l).toFixed(1)}`).join(' ')}
    >
      <title>{who}</title>
    </polyline>
  );
});

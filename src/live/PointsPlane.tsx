/**
 * A student's points for the class's pool (docs/class.md#pool-the-classs-data): a plane of
 * −1…1 × −1…1 on which a click adds a point of the class chosen beside it (or typed in, from the
 * keyboard); the points go to the
 * student's room, and the teacher pools everyone's into the class's dataset (pool.ts).
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import { live } from './liveStore';
import { MAX_POINTS, POOL_CLASSES, RANGE } from './pool';

const SIZE = 160;
const toPlane = (v: number) => ((v + RANGE) / (2 * RANGE)) * SIZE;

export function PointsPlane() {
  const points = useStore(live, (s) => s.myPoints);
  const edit = useStore(live, (s) => s.editPoints);
  const [cls, setCls] = useState<0 | 1>(0);
  const full = points.length >= MAX_POINTS;
  const add = (e: React.MouseEvent<HTMLButtonElement>) => {
    const b = e.currentTarget.getBoundingClientRect();
    const at = (v: number, size: number) => Math.max(-RANGE, Math.min(RANGE, (v / size) * 2 * RANGE - RANGE));
    // Up is +x2, as on a chart.
    edit?.({ add: [at(e.clientX - b.left, b.width), -at(e.clientY - b.top, b.height), cls] });
  };
  return (
    <fieldset className="live-points">
      <legend>Your points for the class’s data</legend>
      {POOL_CLASSES.map((name, c) => (
        <label key={name}>
          <input type="radio" name="live-point-class" checked={cls === c} onChange={() => setCls(c as 0 | 1)} /> Class{' '}
          {name}
        </label>
      ))}
      <button
        type="button"
        className="live-plane"
        aria-label="The plane: click to add a point"
        disabled={!edit || full}
        onClick={add}
      >
        <svg viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden="true">
          <rect width={SIZE} height={SIZE} className="live-chart-back" />
          {points.map(([x, y, c], i) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: points are only added at the end or all cleared
              key={i}
              cx={toPlane(x)}
              cy={SIZE - toPlane(y)}
              r={3}
              className={c === 0 ? 'live-point-a' : 'live-point-b'}
            />
          ))}
        </svg>
      </button>
      <form
        className="live-point-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const x = Number(f.get('x1'));
          const y = Number(f.get('x2'));
          if (Number.isFinite(x) && Number.isFinite(y)) edit?.({ add: [x, y, cls] });
        }}
      >
        <label>
          x1 <input name="x1" type="number" min={-RANGE} max={RANGE} step="any" required />
        </label>{' '}
        <label>
          x2 <input name="x2" type="number" min={-RANGE} max={RANGE} step="any" required />
        </label>{' '}
        <button type="submit" disabled={!edit || full}>
          Add the point
        </button>
      </form>
      <p>
        {points.length} of {MAX_POINTS} points{full ? ' (full)' : ''}{' '}
        <button type="button" disabled={!edit || points.length === 0} onClick={() => edit?.('clear')}>
          Clear my points
        </button>
      </p>
    </fieldset>
  );
}

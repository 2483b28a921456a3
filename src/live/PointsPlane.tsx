/**
 * A student's points for the class's pool (docs/class.md#pool-the-classs-data), of the shape the
 * teacher's diagram's dataset gives (poolShape.ts): a choice per class, a number field per feature
 * labelled with its name and, for two features, a plane on which a click adds a point of the
 * chosen class, each class in its colour (the Data panel's, colour-blind-safe) and named in a
 * legend; the points go to the student's room, and the teacher pools everyone's into the
 * class's dataset (pool.ts).
 */
import { useState } from 'react';
import { useStore } from 'zustand';
import { printConstant } from '../learn/explain/notation';
import { classColour } from '../train-ui/data/colours';
import { live } from './liveStore';
import { MAX_POINTS } from './pool';
import type { PoolShape } from './poolShape';

const SIZE = 160;

function Plane({ shape, cls, full }: { shape: PoolShape; cls: number; full: boolean }) {
  const points = useStore(live, (s) => s.myPoints);
  const edit = useStore(live, (s) => s.editPoints);
  const [x0, y0] = shape.min as [number, number];
  const [x1, y1] = shape.max as [number, number];
  const add = (e: React.MouseEvent<HTMLButtonElement>) => {
    const b = e.currentTarget.getBoundingClientRect();
    const at = (t: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, lo + t * (hi - lo)));
    // Up is the second feature's larger values, as on a chart.
    const x = at((e.clientX - b.left) / b.width, x0, x1);
    const y = at(1 - (e.clientY - b.top) / b.height, y0, y1);
    edit?.({ add: [x, y, cls] });
  };
  return (
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
            cx={(((x as number) - x0) / (x1 - x0)) * SIZE}
            cy={SIZE - (((y as number) - y0) / (y1 - y0)) * SIZE}
            r={3}
            fill={classColour(c as number, shape.classes.length)}
          />
        ))}
      </svg>
    </button>
  );
}

/** Which colour is which class on the plane. */
function Legend({ classes }: { classes: readonly string[] }) {
  return (
    <ul className="live-legend" aria-label="Classes on the plane">
      {classes.map((name, c) => (
        <li key={name}>
          <span className="live-swatch" style={{ background: classColour(c, classes.length) }} />
          {name}
        </li>
      ))}
    </ul>
  );
}

/** A number of an axis's range as a reader writes it, to 3 digits: −1, 0.5, 6.33. */
const end = (v: number) => printConstant(Number(v.toPrecision(3)));

/** Which feature runs across the plane and which up it, and from where to where. */
function Axes({ shape }: { shape: PoolShape }) {
  const [fx, fy] = shape.features;
  return (
    <p className="live-axes">
      across: {fx} from {end(shape.min[0] as number)} to {end(shape.max[0] as number)}
      <br />
      up: {fy} from {end(shape.min[1] as number)} to {end(shape.max[1] as number)}
    </p>
  );
}

export function PointsPlane() {
  const points = useStore(live, (s) => s.myPoints);
  const edit = useStore(live, (s) => s.editPoints);
  const shape = useStore(live, (s) => s.poolShape);
  const [cls, setCls] = useState(0);
  const full = points.length >= MAX_POINTS;
  const chosen = Math.min(cls, shape.classes.length - 1);
  return (
    <fieldset className="live-points">
      <legend>Your points for the class’s data</legend>
      {shape.classes.map((name, c) => (
        <label key={name}>
          <input type="radio" name="live-point-class" checked={chosen === c} onChange={() => setCls(c)} /> Class {name}
        </label>
      ))}
      {shape.features.length === 2 && (
        <div className="live-plane-row">
          <Plane shape={shape} cls={chosen} full={full} />
          <div>
            <Legend classes={shape.classes} />
            <Axes shape={shape} />
          </div>
        </div>
      )}
      <form
        className="live-point-form"
        onSubmit={(e) => {
          e.preventDefault();
          const f = new FormData(e.currentTarget);
          const values = shape.features.map((_, i) => Number(f.get(`f${i}`)));
          if (values.every(Number.isFinite)) edit?.({ add: [...values, chosen] });
        }}
      >
        {shape.features.map((name, i) => (
          <label key={name}>
            {name} <input name={`f${i}`} type="number" min={shape.min[i]} max={shape.max[i]} step="any" required />{' '}
          </label>
        ))}
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

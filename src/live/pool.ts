/**
 * The class's data, pooled (docs/class.md#pool-the-classs-data): each student clicks points of
 * class A or B on a plane, kept in their own room; the teacher gathers every student's points,
 * each checked (a number, in range, a known class, at most MAX_POINTS a student), into one
 * dataset written into the class's room and bound to the class's diagram as an imported CSV
 * would be (data/csvBinding.ts), so every student's page keeps the same rows under the same key
 * and trains on them. Plain data: tested in Node.
 */
import type { CsvBinding } from '../data/csvBinding';
import { type Dataset, makeDataset, writeOneHot } from '../data/dataset';

/** A student's room: their points, a list of `[x, y, class]`, class 0 (A) or 1 (B). */
export const POINTS = 'points';
/** The class's map: `pool`, the pooled points as `{ key, points: [x, y, class, x, y, class, …] }`. */
export const POOL = 'pool';
/** The most points a student adds; the teacher refuses the rest. */
export const MAX_POINTS = 100;
/** The plane: both coordinates in −RANGE…RANGE. */
export const RANGE = 1;
export const POOL_CLASSES = ['A', 'B'] as const;
export const POOL_FEATURES = ['x1', 'x2'] as const;
/** The pool's largest size: 200 students' worth. */
export const MAX_POOL = 200 * MAX_POINTS;

export type Point = readonly [number, number, 0 | 1];

const inRange = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= RANGE;

/** One point as read from a room, or what is wrong with it. */
function readPoint(p: unknown): Point | string {
  if (!Array.isArray(p) || p.length !== 3) return 'is not [x, y, class]';
  const [x, y, c] = p as unknown[];
  if (!inRange(x)) return `has x = ${String(x)}, not a number in −${RANGE}…${RANGE}`;
  if (!inRange(y)) return `has y = ${String(y)}, not a number in −${RANGE}…${RANGE}`;
  if (c !== 0 && c !== 1) return `has class ${JSON.stringify(c) ?? String(c)}, not 0 (A) or 1 (B)`;
  return [x, y, c];
}

/** A student's points, each checked; the refused ones named (`who`'s point 3 …), past MAX_POINTS counted. */
export function checkPoints(raw: unknown, who: string): { points: Point[]; problems: string[] } {
  if (raw === undefined) return { points: [], problems: [] };
  if (!Array.isArray(raw)) return { points: [], problems: [`${who}’s points are not a list`] };
  const points: Point[] = [];
  const problems: string[] = [];
  raw.slice(0, MAX_POINTS).forEach((p, i) => {
    const r = readPoint(p);
    if (typeof r === 'string') problems.push(`${who}’s point ${i + 1} ${r}`);
    else points.push(r);
  });
  if (raw.length > MAX_POINTS)
    problems.push(
      `${who} added ${raw.length} points; the first ${MAX_POINTS} are taken, ${raw.length - MAX_POINTS} left out`,
    );
  return { points, problems };
}

/** Every student's points in one list, in the order given, and every problem found. */
export function poolPoints(students: readonly { readonly who: string; readonly raw: unknown }[]): {
  points: Point[];
  problems: string[];
} {
  const points: Point[] = [];
  const problems: string[] = [];
  for (const s of students) {
    const r = checkPoints(s.raw, s.who);
    points.push(...r.points);
    problems.push(...r.problems);
  }
  return { points, problems };
}

/** Why these points cannot be trained on, or null: a classifier needs a point of each class. */
export function poolProblem(points: readonly Point[]): string | null {
  if (points.length === 0) return 'no student has added a point yet';
  for (const [c, name] of POOL_CLASSES.entries())
    if (!points.some((p) => p[2] === c)) return `no student has added a point of class ${name} yet`;
  return null;
}

/** The pool's key: a digest of its points (FNV-1a over their text), the same on every page. */
export function poolKey(points: readonly Point[]): string {
  let h = 0x811c9dc5;
  const text = points.map((p) => p.join(',')).join(';');
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `class-pool-${points.length}-${h.toString(16).padStart(8, '0')}`;
}

export const POOL_NAME = 'the class’s points';

export function pooledDataset(points: readonly Point[]): Dataset {
  const features = new Float32Array(points.length * 2);
  const labels = new Float32Array(points.length * 2);
  points.forEach(([x, y, c], i) => {
    features[2 * i] = x;
    features[2 * i + 1] = y;
    writeOneHot(labels, i, c, 2);
  });
  return makeDataset({
    name: POOL_NAME,
    description: `${points.length} points the class added, of classes A and B`,
    task: 'classification',
    featureShape: [2],
    featureNames: [...POOL_FEATURES],
    labelShape: [2],
    labelEncoding: 'onehot',
    classes: [...POOL_CLASSES],
    features,
    labels,
  });
}

export function poolBinding(points: readonly Point[]): CsvBinding {
  return {
    name: POOL_NAME,
    key: poolKey(points),
    rows: points.length,
    features: [...POOL_FEATURES],
    label: 'class',
    labelKind: 'classes',
    classes: [...POOL_CLASSES],
  };
}

/** The pool as the class's room carries it. */
export const writePool = (points: readonly Point[]): { key: string; points: number[] } => ({
  key: poolKey(points),
  points: points.flat(),
});

/** The pool read back on a student's page, checked as the teacher's checked it: the points, or what is wrong. */
export function readPool(v: unknown): Point[] | string {
  if (typeof v !== 'object' || v === null) return 'the pooled data is not an object';
  const { key, points } = v as { key?: unknown; points?: unknown };
  if (!Array.isArray(points) || points.length % 3 !== 0 || points.length > 3 * MAX_POOL)
    return 'the pooled points are not a list of [x, y, class]';
  const out: Point[] = [];
  for (let i = 0; i < points.length; i += 3) {
    const r = readPoint(points.slice(i, i + 3));
    if (typeof r === 'string') return `pooled point ${i / 3 + 1} ${r}`;
    out.push(r);
  }
  if (key !== poolKey(out)) return 'the pooled data does not match its key';
  return out;
}

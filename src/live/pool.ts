/**
 * The class's data, pooled (docs/class.md#pool-the-classs-data): each student adds points (a value
 * per feature of the pool's shape, poolShape.ts, and a class), kept in their own room; the teacher
 * gathers every student's points, each checked (numbers in the shape's ranges, a known class, at
 * most MAX_POINTS a student), into one dataset written into the class's room with its shape and
 * bound to the class's diagram as an imported CSV would be (data/csvBinding.ts), so every
 * student's page keeps the same rows under the same key and trains on them. Plain data: tested in Node.
 */
import type { CsvBinding } from '../data/csvBinding';
import { type Dataset, makeDataset, writeOneHot } from '../data/dataset';
import { type PoolShape, readPoolShape } from './poolShape';

/** A student's room: their points, a list of `[value per feature…, class index]`. */
export const POINTS = 'points';
/** The class's map: `pool`, the pooled points as `{ key, shape, points: [x…, class, x…, class, …] }`. */
export const POOL = 'pool';
/** The most points a student adds; the teacher refuses the rest. */
export const MAX_POINTS = 100;
/** The pool's largest size: 200 students' worth. */
export const MAX_POOL = 200 * MAX_POINTS;

/** A point: one value per feature, then the class's index. */
export type Point = readonly number[];

const rangeText = (s: PoolShape, f: number) => `${s.min[f]}…${s.max[f]}`;

/** One point as read from a room, or what is wrong with it. */
function readPoint(p: unknown, s: PoolShape): Point | string {
  const n = s.features.length;
  if (!Array.isArray(p) || p.length !== n + 1) return `is not [${s.features.join(', ')}, class]`;
  for (let f = 0; f < n; f++) {
    const v: unknown = p[f];
    if (!(typeof v === 'number' && Number.isFinite(v) && v >= (s.min[f] as number) && v <= (s.max[f] as number)))
      return `has ${s.features[f]} = ${String(v)}, not a number in ${rangeText(s, f)}`;
  }
  const c: unknown = p[n];
  if (!(typeof c === 'number' && Number.isInteger(c) && c >= 0 && c < s.classes.length))
    return `has class ${JSON.stringify(c) ?? String(c)}, not one of ${s.classes.map((name, i) => `${i} (${name})`).join(', ')}`;
  return p as number[];
}

/** A student's points, each checked; the refused ones named (`who`'s point 3 …), past MAX_POINTS counted. */
export function checkPoints(raw: unknown, who: string, shape: PoolShape): { points: Point[]; problems: string[] } {
  if (raw === undefined) return { points: [], problems: [] };
  if (!Array.isArray(raw)) return { points: [], problems: [`${who}’s points are not a list`] };
  const points: Point[] = [];
  const problems: string[] = [];
  raw.slice(0, MAX_POINTS).forEach((p, i) => {
    const r = readPoint(p, shape);
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
export function poolPoints(
  students: readonly { readonly who: string; readonly raw: unknown }[],
  shape: PoolShape,
): { points: Point[]; problems: string[] } {
  const points: Point[] = [];
  const problems: string[] = [];
  for (const s of students) {
    const r = checkPoints(s.raw, s.who, shape);
    points.push(...r.points);
    problems.push(...r.problems);
  }
  return { points, problems };
}

/** Why these points cannot be trained on, or null: a classifier needs a point of each class. */
export function poolProblem(points: readonly Point[], shape: PoolShape): string | null {
  if (points.length === 0) return 'no student has added a point yet';
  const n = shape.features.length;
  for (const [c, name] of shape.classes.entries())
    if (!points.some((p) => p[n] === c)) return `no student has added a point of class ${name} yet`;
  return null;
}

/** The pool's key: a digest of its shape's names and its points (FNV-1a over their text), the same on every page. */
export function poolKey(points: readonly Point[], shape: PoolShape): string {
  let h = 0x811c9dc5;
  const text = `${shape.features.join('|')}/${shape.classes.join('|')}/${points.map((p) => p.join(',')).join(';')}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `class-pool-${points.length}-${h.toString(16).padStart(8, '0')}`;
}

export const POOL_NAME = 'the class’s points';

export function pooledDataset(points: readonly Point[], shape: PoolShape): Dataset {
  const n = shape.features.length;
  const k = shape.classes.length;
  const width = shape.encoding === 'signed' ? 1 : k;
  const features = new Float32Array(points.length * n);
  const labels = new Float32Array(points.length * width);
  points.forEach((p, i) => {
    features.set(p.slice(0, n), i * n);
    const c = p[n] as number;
    if (shape.encoding === 'signed') labels[i] = c === 0 ? -1 : 1;
    else writeOneHot(labels, i, c, k);
  });
  return makeDataset({
    name: POOL_NAME,
    description: `${points.length} points the class added, of classes ${shape.classes.join(', ')}`,
    task: 'classification',
    featureShape: [n],
    featureNames: [...shape.features],
    labelShape: [width],
    labelEncoding: shape.encoding,
    classes: [...shape.classes],
    features,
    labels,
  });
}

export function poolBinding(points: readonly Point[], shape: PoolShape): CsvBinding {
  return {
    name: POOL_NAME,
    key: poolKey(points, shape),
    rows: points.length,
    features: [...shape.features],
    label: 'class',
    labelKind: 'classes',
    classes: [...shape.classes],
  };
}

/** The pool as the class's room carries it: its own shape with it, so a later shape leaves it readable. */
export const writePool = (
  points: readonly Point[],
  shape: PoolShape,
): { key: string; shape: PoolShape; points: number[] } => ({
  key: poolKey(points, shape),
  shape,
  points: points.flat(),
});

/** The pool read back on a student's page, checked as the teacher's checked it: the points and shape, or what is wrong. */
export function readPool(v: unknown): { points: Point[]; shape: PoolShape } | string {
  if (typeof v !== 'object' || v === null) return 'the pooled data is not an object';
  const { key, points, shape: rawShape } = v as { key?: unknown; points?: unknown; shape?: unknown };
  const shape = readPoolShape(rawShape);
  if (typeof shape === 'string') return shape;
  const w = shape.features.length + 1;
  if (!Array.isArray(points) || points.length % w !== 0 || points.length > w * MAX_POOL)
    return `the pooled points are not a list of [${shape.features.join(', ')}, class]`;
  const out: Point[] = [];
  for (let i = 0; i < points.length; i += w) {
    const r = readPoint(points.slice(i, i + w), shape);
    if (typeof r === 'string') return `pooled point ${i / w + 1} ${r}`;
    out.push(r);
  }
  if (key !== poolKey(out, shape)) return 'the pooled data does not match its key';
  return { points: out, shape };
}

/**
 * The pool's shape (docs/class.md#pool-the-classs-data): the feature names, the class names, the
 * label encoding and each feature's range, taken from the teacher's diagram's dataset and written
 * into the class's room, so every student's page asks for the same points and the teacher checks
 * each against it. Plain data: tested in Node.
 */
import { type Dataset, featureSize } from '../data/dataset';

export const POOL_SHAPE = 'poolShape';
/** The most features a student types in for one point. */
export const MAX_POOL_FEATURES = 16;
/** The most classes a pool offers. */
export const MAX_POOL_CLASSES = 16;

export interface PoolShape {
  readonly features: readonly string[];
  readonly classes: readonly string[];
  /** How the pooled labels are written: one-hot, or −1/+1 for two classes. */
  readonly encoding: 'onehot' | 'signed';
  /** Each feature's smallest and largest value a point may take. */
  readonly min: readonly number[];
  readonly max: readonly number[];
}

/** The plane of two features, classes A and B, −1…1: the pool when the diagram gives no shape. */
export const PLANE: PoolShape = {
  features: ['x1', 'x2'],
  classes: ['A', 'B'],
  encoding: 'onehot',
  min: [-1, -1],
  max: [1, 1],
};

/** A range a little wider than the data's own: a tenth of its span each side (1 when it has none). */
function widened(lo: number, hi: number): [number, number] {
  const pad = hi > lo ? (hi - lo) / 10 : 1;
  const round = (v: number) => Number(v.toPrecision(6));
  return [round(lo - pad), round(hi + pad)];
}

/** The shape of a dataset a class can pool points for, or the sentence saying why not. */
export function poolShapeOf(ds: Dataset): PoolShape | string {
  const why = `The class’s points cannot be pooled for “${ds.name}”:`;
  if (ds.task !== 'classification' || !ds.classes) return `${why} it is not a classifier’s dataset.`;
  const width = featureSize(ds);
  if (ds.featureShape.length !== 1) return `${why} its input is not a flat list of features.`;
  if (width < 1 || width > MAX_POOL_FEATURES)
    return `${why} it has ${width} features; a student types in at most ${MAX_POOL_FEATURES}.`;
  if (ds.classes.length < 2 || ds.classes.length > MAX_POOL_CLASSES)
    return `${why} it has ${ds.classes.length} classes, not 2…${MAX_POOL_CLASSES}.`;
  if (ds.labelEncoding !== 'onehot' && !(ds.labelEncoding === 'signed' && ds.classes.length === 2))
    return `${why} its labels are ${ds.labelEncoding}, not one-hot or signed.`;
  const min: number[] = [];
  const max: number[] = [];
  for (let f = 0; f < width; f++) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let r = 0; r < ds.n; r++) {
      const v = ds.features[r * width + f] as number;
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const [a, b] = ds.n === 0 ? [-1, 1] : widened(lo, hi);
    min.push(a);
    max.push(b);
  }
  const features = ds.featureNames?.length === width ? [...ds.featureNames] : min.map((_, i) => `x${i + 1}`);
  return { features, classes: [...ds.classes], encoding: ds.labelEncoding, min, max };
}

const isName = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;
const numbers = (v: unknown, n: number): v is number[] =>
  Array.isArray(v) && v.length === n && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/** The shape as a student's page reads it from the class's room: the shape, or what is wrong. */
export function readPoolShape(v: unknown): PoolShape | string {
  if (typeof v !== 'object' || v === null) return 'the pool’s shape is not an object';
  const { features, classes, encoding, min, max } = v as Record<string, unknown>;
  if (!Array.isArray(features) || features.length < 1 || features.length > MAX_POOL_FEATURES || !features.every(isName))
    return `the pool’s features are not 1…${MAX_POOL_FEATURES} names`;
  if (!Array.isArray(classes) || classes.length < 2 || classes.length > MAX_POOL_CLASSES || !classes.every(isName))
    return `the pool’s classes are not 2…${MAX_POOL_CLASSES} names`;
  if (encoding !== 'onehot' && !(encoding === 'signed' && classes.length === 2))
    return 'the pool’s label encoding is not one-hot or signed';
  if (!numbers(min, features.length) || !numbers(max, features.length) || min.some((m, i) => m >= (max[i] as number)))
    return 'the pool’s ranges are not a smallest below a largest value per feature';
  return { features, classes, encoding, min, max };
}

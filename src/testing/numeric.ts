/**
 * Numerical tools the tests share: random values of a wire type, running a diagram on the
 * float64 oracle, inner products and central finite differences (J·t), and the closeness
 * measures the issue names (relative 1e-6 for FD; 2e-3·(1+|v|) between float32 and float64).
 */

import { dom } from '../core/compose';
import type { Diagram } from '../core/diagram';
import type { Rng } from '../core/init';
import { normals } from '../core/init';
import { lower } from '../core/program';
import { fullShape, shapeSize } from '../core/shape';
import type { WireType } from '../core/wire';
import type { Dtype } from '../engines/arena';
import { createTypedEngine, type TypedTensor } from '../engines/typed';

export type Value = { shape: number[]; data: Float64Array };
/** `index`: the integers 0, 1, 2 (ids of an embedding; weights drawn so stay exact). */
export type Domain = 'any' | 'positive' | 'awayFromZero' | 'index';

export const BATCH = 3;

export function randomValue(rng: Rng, t: WireType, domain: Domain = 'any', batch = BATCH): Value {
  const shape = fullShape(t, batch);
  const n = shapeSize(shape);
  const gauss = normals(rng);
  const data = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    if (t.field === 'z2') data[i] = rng() < 0.5 ? 0 : 1;
    else if (domain === 'positive') data[i] = 0.5 + 1.5 * rng();
    else if (domain === 'index') data[i] = Math.floor(3 * rng());
    else if (domain === 'awayFromZero') data[i] = (rng() < 0.5 ? -1 : 1) * (0.2 + rng());
    else data[i] = gauss();
  }
  return { shape, data };
}

export const copyOut = (t: TypedTensor): Value => ({ shape: [...t.shape], data: Float64Array.from(t.data) });

/** Runs `d` on the typed engine (float64 unless asked) and copies the outputs out of the arena. */
export function evaluate(d: Diagram, inputs: readonly Value[], dtype: Dtype = 'float64'): Value[] {
  return createTypedEngine(lower(d), { dtype }).run(inputs, { batchSize: BATCH }).map(copyOut);
}

export function dot(a: readonly Value[], b: readonly Value[]): number {
  let s = 0;
  a.forEach((v, i) => {
    for (let k = 0; k < v.data.length; k++) s += v.data[k] * b[i].data[k];
  });
  return s;
}

export const axpy = (a: number, x: readonly Value[], y: readonly Value[]): Value[] =>
  x.map((v, i) => ({ shape: v.shape, data: v.data.map((e, k) => a * e + y[i].data[k]) }));

export const scaleValues = (a: number, x: readonly Value[]): Value[] =>
  x.map((v) => ({ shape: v.shape, data: v.data.map((e) => a * e) }));

/** J·t at x by central differences. */
export function jvp(d: Diagram, x: readonly Value[], t: readonly Value[], h = 1e-5): Value[] {
  const plus = evaluate(d, axpy(h, t, x));
  const minus = evaluate(d, axpy(-h, t, x));
  return plus.map((p, i) => ({ shape: p.shape, data: p.data.map((v, k) => (v - minus[i].data[k]) / (2 * h)) }));
}

export function relErr(a: number, b: number, floor = 1e-9): number {
  return Math.abs(a - b) / Math.max(Math.abs(a) + Math.abs(b), floor);
}

/** Largest violation of |a − b| ≤ tol·(1 + |b|) over all entries; ≤ 1 means close. */
export function closeness(
  a: readonly { data: ArrayLike<number> }[],
  b: readonly { data: ArrayLike<number> }[],
  tol: number,
): number {
  let worst = 0;
  a.forEach((v, i) => {
    for (let k = 0; k < v.data.length; k++)
      worst = Math.max(worst, Math.abs(v.data[k] - b[i].data[k]) / (tol * (1 + Math.abs(b[i].data[k]))));
  });
  return worst;
}

export const randomInputs = (rng: Rng, d: Diagram, domain: Domain = 'any', batch = BATCH) =>
  dom(d).map((t) => randomValue(rng, t, domain, batch));

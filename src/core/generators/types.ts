/**
 * Small checks for type rules. Each throws a GeneratorTypeError naming the generator, the port
 * and what it expected, so the inspector can point at the wire that does not fit.
 */
import type { Config } from '../diagram';
import { ConfigError, GeneratorTypeError } from '../errors';
import type { Kernel } from '../kernel';
import { fullShape } from '../shape';
import { type Field, printType, type WireType } from '../wire';

export function check(gen: string, port: string, t: WireType, ok: boolean, expected: string): void {
  if (!ok) throw new GeneratorTypeError(gen, port, expected, t);
}

export function checkField(gen: string, port: string, t: WireType, field: Field): void {
  check(gen, port, t, t.field === field, field === 'real' ? 'a real (ℝ) wire' : 'a ℤ₂ wire');
}

export function checkExact(gen: string, port: string, t: WireType, want: WireType): void {
  check(gen, port, t, printType(t) === printType(want), printType(want));
}

/** A type carried in a config (zero, constant): `{ shape, field, batch }`. */
export function typeConfig(t: WireType): Config {
  return { shape: [...t.shape], field: t.field, batch: t.batch };
}

export function configType(c: Config, field?: Field): WireType {
  return { field: field ?? (c.field as Field), shape: [...(c.shape as number[])], batch: c.batch as boolean };
}

const configShapes = new WeakMap<Config, { batchSize: number; shape: readonly number[] }>();

/** fullShape(configType(c), k.batchSize), kept per config for the last batch size: a step allocates nothing. */
export function configFullShape(k: Kernel<unknown>, c: Config): readonly number[] {
  const known = configShapes.get(c);
  if (known && known.batchSize === k.batchSize) return known.shape;
  const shape = fullShape(configType(c), k.batchSize);
  configShapes.set(c, { batchSize: k.batchSize, shape });
  return shape;
}

const spans: (readonly number[])[][] = [];

/** The axes [from, from + count), one shared array per span: callers only read it. */
export function axesSpan(from: number, count: number): readonly number[] {
  const row = spans[from] ?? [];
  spans[from] = row;
  let axes = row[count];
  if (axes === undefined) {
    axes = Array.from({ length: count }, (_, i) => from + i);
    row[count] = axes;
  }
  return axes;
}

/** A config relation that the field checks cannot express (`sizes` summing to the input…). */
export function configFail(gen: string, key: string, allowed: string, value: unknown): never {
  throw new ConfigError(gen, key, allowed, value);
}

/** An image's [h, w, c], or a GeneratorTypeError naming the port: a batched real ℝ^{h×w×c}. */
export function image(gen: string, port: string, t: WireType): [number, number, number] {
  checkField(gen, port, t, 'real');
  check(gen, port, t, t.batch && t.shape.length === 3, 'a batched image ℝ^{h×w×c}');
  return [t.shape[0], t.shape[1], t.shape[2]];
}

/**
 * The built-in families and the one table of generators every lookup reads. The table is made
 * here with every family in it, so no code path can look a generator up in an empty table,
 * whichever module was imported first. Adding a family is one import here. Every value a family
 * file exports must be a generator (a test holds the table to exactly these exports).
 */
import type { Generator } from '../generator';
import { GeneratorRegistry } from '../registry';
import * as activations from './activations';
import * as attention from './attention';
import * as boolean from './boolean';
import * as convolution from './convolution';
import * as elementwise from './elementwise';
import * as layerNorm from './layerNorm';
import * as linear from './linear';
import * as normalisation from './normalisation';
import * as pooling from './pooling';
import * as shape from './shape';
import * as softmax from './softmax';
import * as structure from './structure';

export const families = {
  structure,
  linear,
  elementwise,
  activations,
  shape,
  softmax,
  attention,
  convolution,
  pooling,
  normalisation,
  layerNorm,
  boolean,
} as const;

export function builtinGenerators(): Generator[] {
  return Object.values(families).flatMap((f) => Object.values(f) as Generator[]);
}

/** The generators of the house: the built-in families, and any `register`ed after them. */
export const generators = new GeneratorRegistry(builtinGenerators());

export const getGenerator = (id: string): Generator => generators.get(id);
export const hasGenerator = (id: string): boolean => generators.has(id);
/** Every generator, families in the order above. */
export const allGenerators = (): Generator[] => generators.all();
/** Adds a generator to the table; a duplicate id is refused with a DuplicateGeneratorError. */
export const register = (gen: Generator): void => generators.register(gen);

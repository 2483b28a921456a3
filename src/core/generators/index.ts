/**
 * The built-in families. The registry loads them on first use; adding a family is one import
 * here. Every value a family file exports must be a generator (a test holds the registry to
 * exactly these exports).
 */
import type { Generator } from '../generator';
import * as boolean from './boolean';
import * as convolution from './convolution';
import * as elementwise from './elementwise';
import * as linear from './linear';
import * as shape from './shape';
import * as softmax from './softmax';
import * as structure from './structure';

export const families = { structure, linear, elementwise, shape, softmax, convolution, boolean } as const;

export function builtinGenerators(): Generator[] {
  return Object.values(families).flatMap((f) => Object.values(f) as Generator[]);
}

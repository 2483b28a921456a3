/**
 * The core's switches over unions (config field kinds, initialiser kinds) end in an exhaustive
 * check: a kind outside the union, from a file or a cast, is named instead of passing unchecked
 * (a config) or leaving the weights at zero (an initialiser). The mutant it catches: the
 * `default: unreachable(…)` of either switch removed.
 */
import { expect, test } from 'vitest';
import { normaliseConfig } from './config';
import { LensboardError } from './errors';
import type { Generator } from './generator';
import { getGenerator } from './generators/index';
import { initialise } from './init';

test('a config field of an unknown kind is named with its generator and key', () => {
  const scale = getGenerator('scale');
  const odd: Generator = { ...scale, configFields: [{ ...scale.configFields[0], kind: 'complex' as never }] };
  expect(() => normaliseConfig(odd, { c: 2 })).toThrow(LensboardError);
  expect(() => normaliseConfig(odd, { c: 2 })).toThrow(/unknown config field kind of scale\.c: "complex"/);
});

test('an unknown initialiser is named, not left as zeros', () => {
  expect(() => initialise({ kind: 'lecun' } as never, [2, 2], 1)).toThrow('unknown initialiser: {"kind":"lecun"}');
  expect(() => initialise({ kind: 'lecun' } as never, [2, 2], 1)).toThrow(
    expect.objectContaining({ code: 'unreachable' }),
  );
  expect(Array.from(initialise({ kind: 'constant', value: 2 }, [2], 1))).toEqual([2, 2]);
});

/**
 * `Generator.ports` on configs as the editor and files hand them in: partial ones are completed
 * with the defaults, bad ones refused with the ConfigError naming the generator and the key.
 *
 * The mutant it catches: `ports` reading the config as given. Then `split.ports({})` throws a
 * TypeError (no `sizes`), and `concat.ports({})` and `copy.ports({})` report no ports at all.
 */
import { expect, test } from 'vitest';
import type { Config } from '../diagram';
import { ConfigError } from '../errors';
import type { ConfigField } from '../generator';
import { allGenerators, getGenerator } from './index';

const defaults = (fields: readonly ConfigField[]): Config => Object.fromEntries(fields.map((f) => [f.key, f.default]));

test.each(allGenerators().map((g) => g.id))('%s: ports({}) are the ports of its defaults', (id) => {
  const g = getGenerator(id);
  expect(g.ports({})).toEqual(g.ports(defaults(g.configFields)));
});

test('the variadic generators count their ports from the defaults', () => {
  expect(
    getGenerator('split')
      .ports({})
      .outputs.map((p) => p.name),
  ).toHaveLength(2);
  expect(getGenerator('concat').ports({}).inputs).toHaveLength(2);
  expect(getGenerator('copy').ports({}).outputs).toHaveLength(2);
  expect(getGenerator('copy').ports({ n: 3 }).outputs).toHaveLength(3);
});

/** A value each kind of field refuses. */
const bad: Record<ConfigField['kind'], unknown> = {
  int: 1.5,
  number: Number.NaN,
  shape: [-1], // below every shape field's least value (0 for an axis order)
  enum: 'no such option',
  boolean: 'yes',
  field: 'complex',
};

const fieldCases = allGenerators().flatMap((g) => g.configFields.map((f) => ({ gen: g.id, key: f.key, kind: f.kind })));

test('some generators have config fields to refuse', () => {
  expect(fieldCases.length).toBeGreaterThan(10);
});

test.each(fieldCases)('$gen: ports refuses a bad $key ($kind) with a ConfigError naming both', ({ gen, key, kind }) => {
  const g = getGenerator(gen);
  let caught: unknown;
  try {
    g.ports({ ...defaults(g.configFields), [key]: bad[kind] });
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ConfigError);
  expect(caught).toMatchObject({ generator: gen, key });
});

test('ports leaves the config it is given as it was', () => {
  const config = { n: 3 };
  getGenerator('concat').ports(config);
  expect(config).toEqual({ n: 3 });
});

/**
 * Config checking (config.ts): defaults filled in, and each kind of field refused outside its
 * range with the ConfigError that names the generator, the key, the value and what is allowed,
 * word for word as the editor shows it. The fields are a made-up generator's, so every bound is
 * tried on both sides.
 */
import { describe, expect, test } from 'vitest';
import { normaliseConfig } from './config';
import type { Config } from './diagram';
import { ConfigError } from './errors';
import type { ConfigField, Generator } from './generator';
import { getGenerator } from './generators/index';

const withFields = (...configFields: ConfigField[]): Generator => ({ ...getGenerator('scale'), id: 'g', configFields });

function refusal(gen: Generator, config: Config): string {
  try {
    normaliseConfig(gen, config);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}

const field = (f: Partial<ConfigField> & Pick<ConfigField, 'kind' | 'default'>): ConfigField => ({
  key: 'k',
  label: 'k',
  ...f,
});

describe('defaults', () => {
  const gen = withFields(
    field({ key: 'a', kind: 'int', default: 2 }),
    field({ key: 'b', kind: 'boolean', default: true }),
  );

  test('missing keys take their defaults; the config handed in is left as it was', () => {
    const given = { a: 5 };
    expect(normaliseConfig(gen, given)).toEqual({ a: 5, b: true });
    expect(given).toEqual({ a: 5 });
    expect(normaliseConfig(gen, {})).toEqual({ a: 2, b: true });
  });

  test('a complete config is returned as the same object', () => {
    const full = { a: 1, b: false };
    expect(normaliseConfig(gen, full)).toBe(full);
  });

  test('a default is checked like a given value', () => {
    const odd = withFields(field({ kind: 'int', min: 1, default: 0 }));
    expect(refusal(odd, {})).toBe("g: config 'k' = 0 is not allowed (expected an integer, 1 ≤ k ≤ Infinity)");
  });
});

describe('each kind refuses what it does not allow, naming it', () => {
  test('int: whole numbers between min and max, both included', () => {
    const gen = withFields(field({ kind: 'int', min: 1, max: 4, default: 1 }));
    const allowed = 'is not allowed (expected an integer, 1 ≤ k ≤ 4)';
    for (const k of [1, 4]) expect(normaliseConfig(gen, { k })).toEqual({ k });
    expect(refusal(gen, { k: 0 })).toBe(`g: config 'k' = 0 ${allowed}`);
    expect(refusal(gen, { k: 5 })).toBe(`g: config 'k' = 5 ${allowed}`);
    expect(refusal(gen, { k: 1.5 })).toBe(`g: config 'k' = 1.5 ${allowed}`);
    expect(refusal(gen, { k: '2' })).toBe(`g: config 'k' = "2" ${allowed}`);
    const open = withFields(field({ kind: 'int', default: 0 }));
    expect(normaliseConfig(open, { k: -1e9 })).toEqual({ k: -1e9 });
    expect(refusal(open, { k: 0.5 })).toBe(
      "g: config 'k' = 0.5 is not allowed (expected an integer, -Infinity ≤ k ≤ Infinity)",
    );
  });

  test('number: finite, between min and max, both included', () => {
    const gen = withFields(field({ kind: 'number', min: 0, max: 1, default: 0 }));
    const allowed = 'is not allowed (expected a finite number, 0 ≤ k ≤ 1)';
    for (const k of [0, 1, 0.5]) expect(normaliseConfig(gen, { k })).toEqual({ k });
    expect(refusal(gen, { k: -0.1 })).toBe(`g: config 'k' = -0.1 ${allowed}`);
    expect(refusal(gen, { k: 1.1 })).toBe(`g: config 'k' = 1.1 ${allowed}`);
    expect(refusal(gen, { k: Number.NaN })).toBe(`g: config 'k' = null ${allowed}`);
    expect(refusal(gen, { k: Number.POSITIVE_INFINITY })).toBe(`g: config 'k' = null ${allowed}`);
    expect(refusal(gen, { k: null })).toBe(`g: config 'k' = null ${allowed}`);
    const open = withFields(field({ kind: 'number', default: 0 }));
    expect(normaliseConfig(open, { k: -1e300 })).toEqual({ k: -1e300 });
    // A least value other than 0 (a positive epsilon) bounds it too.
    const eps = withFields(field({ kind: 'number', min: 0.5, default: 1 }));
    expect(normaliseConfig(eps, { k: 0.5 })).toEqual({ k: 0.5 });
    expect(refusal(eps, { k: 0.25 })).toBe(
      "g: config 'k' = 0.25 is not allowed (expected a finite number, 0.5 ≤ k ≤ Infinity)",
    );
  });

  test('shape: a list of whole numbers from its least value (1 unless set), of its length if it has one', () => {
    const pair = withFields(field({ kind: 'shape', length: 2, default: [1, 1] }));
    const allowed = 'is not allowed (expected a list of 2 integers ≥ 1)';
    expect(normaliseConfig(pair, { k: [1, 7] })).toEqual({ k: [1, 7] });
    expect(refusal(pair, { k: [0, 7] })).toBe(`g: config 'k' = [0,7] ${allowed}`);
    expect(refusal(pair, { k: [1.5, 7] })).toBe(`g: config 'k' = [1.5,7] ${allowed}`);
    expect(refusal(pair, { k: [3] })).toBe(`g: config 'k' = [3] ${allowed}`);
    expect(refusal(pair, { k: [1, 2, 3] })).toBe(`g: config 'k' = [1,2,3] ${allowed}`);
    expect(refusal(pair, { k: 3 })).toBe(`g: config 'k' = 3 ${allowed}`);
    const any = withFields(field({ kind: 'shape', min: 0, default: [] }));
    expect(normaliseConfig(any, { k: [0, 5, 0] })).toEqual({ k: [0, 5, 0] });
    expect(normaliseConfig(any, { k: [] })).toEqual({ k: [] });
    expect(refusal(any, { k: [-1] })).toBe("g: config 'k' = [-1] is not allowed (expected a list of integers ≥ 0)");
  });

  test('enum, boolean and field: one of their values', () => {
    const gen = withFields(
      field({ key: 'e', kind: 'enum', options: ['a', 'b'], default: 'a' }),
      field({ key: 'f', kind: 'boolean', default: false }),
      field({ key: 'w', kind: 'field', default: 'real' }),
    );
    expect(normaliseConfig(gen, { e: 'b', f: true, w: 'z2' })).toEqual({ e: 'b', f: true, w: 'z2' });
    expect(refusal(gen, { e: 'c' })).toBe('g: config \'e\' = "c" is not allowed (expected one of a, b)');
    expect(refusal(gen, { f: 'yes' })).toBe('g: config \'f\' = "yes" is not allowed (expected true or false)');
    expect(refusal(gen, { f: 1 })).toBe("g: config 'f' = 1 is not allowed (expected true or false)");
    expect(refusal(gen, { w: 'complex' })).toBe('g: config \'w\' = "complex" is not allowed (expected real or z2)');
  });
});

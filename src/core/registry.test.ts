/** The registry is exactly the generator files' exports, and refuses duplicates and unknowns. */
import { expect, test } from 'vitest';
import { DuplicateGeneratorError, UnknownGeneratorError } from './errors';
import { allGenerators, families, getGenerator, hasGenerator, register } from './generators/index';

test('the registry equals the set of the generator files’ exports', () => {
  const exported = Object.values(families).flatMap((f) => Object.values(f).map((g) => g.id));
  expect(new Set(exported).size).toBe(exported.length);
  expect(
    allGenerators()
      .map((g) => g.id)
      .sort(),
  ).toEqual([...exported].sort());
});

test('register refuses a duplicate id', () => {
  expect(() => register({ ...getGenerator('copy') })).toThrow(DuplicateGeneratorError);
  expect(() => register({ ...getGenerator('copy') })).toThrow("generator 'copy' is already registered");
  expect(() => register({ ...getGenerator('copy') })).toThrow(expect.objectContaining({ code: 'duplicate-generator' }));
});

test('getGenerator throws a typed error naming the unknown id; hasGenerator asks without throwing', () => {
  expect(() => getGenerator('frobnicate')).toThrow(UnknownGeneratorError);
  expect(() => getGenerator('frobnicate')).toThrow("unknown generator 'frobnicate'");
  expect(hasGenerator('frobnicate')).toBe(false);
  expect(hasGenerator('sigmoid')).toBe(true);
});

test('every generator draws: ports, colour, description, one-line', () => {
  for (const g of allGenerators()) {
    expect(g.description.length).toBeGreaterThan(3);
    expect(g.description).not.toMatch(/\n/);
    expect(g.draw.colour).toMatch(/^#[0-9a-f]{6}$/);
    const defaults = Object.fromEntries(g.configFields.map((f) => [f.key, f.default]));
    expect(g.ports(defaults).inputs.every((p) => p.name.length > 0)).toBe(true);
  }
  expect(getGenerator('linear').ports({}).inputs[0]).toEqual({ name: 'W', param: true });
  expect(['dot', 'spider']).toContain(getGenerator('copy').draw.shape);
  expect(['dot', 'spider']).toContain(getGenerator('add').draw.shape);
});

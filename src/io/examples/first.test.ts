import { expect, test } from 'vitest';
import { parseDocument } from '../parse';
import { firstExample, parseExample } from './first';
import { examples, loadExample } from './index';
import xor from './xor.json';

test('the first visit opens XOR exactly as the file door reads it, a fresh copy each time', () => {
  const parsed = parseDocument(xor);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  const opened = firstExample();
  expect(opened).toStrictEqual(parsed.doc);
  expect(opened).not.toBe(firstExample());
  expect(opened.boxes).not.toBe(xor.boxes);
});

test('a broken example is a bug: parsing it throws with every fault at its path', () => {
  expect(() => parseExample('bad', { ...xor, name: 5, boxes: 'none' })).toThrow(
    new Error(
      "example 'bad' does not parse: name: Invalid input: expected string, received number; boxes: Invalid input: expected array, received string",
    ),
  );
  expect(parseExample('xor', xor)).toStrictEqual(firstExample());
});

test('loadExample names an example it does not have, with the ids it has, and loads each by its own id', () => {
  expect(() => loadExample('nope')).toThrow(
    new Error(`no example 'nope'; known: ${examples.map((e) => e.id).join(', ')}`),
  );
  expect(examples.map((e) => e.id)).toContain('deep-dreaming');
  for (const id of ['xor', 'iris-simple', 'deep-dreaming'])
    expect(loadExample(id).name).toBe((examples.find((e) => e.id === id)?.json as { name?: string } | undefined)?.name);
});

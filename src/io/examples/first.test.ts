import { expect, test } from 'vitest';
import { parseDocument } from '../parse';
import { firstExample } from './first';
import xor from './xor.json';

test('the first visit opens XOR exactly as the file door reads it, a fresh copy each time', () => {
  const parsed = parseDocument(xor);
  if (!parsed.ok) throw new Error(parsed.errors.map((e) => `${e.path}: ${e.message}`).join('; '));
  const opened = firstExample();
  expect(opened).toStrictEqual(parsed.doc);
  expect(opened).not.toBe(firstExample());
  expect(opened.boxes).not.toBe(xor.boxes);
});

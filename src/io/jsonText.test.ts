import { expect, test } from 'vitest';
import { lineColumn, readJson } from './jsonText';

test('a fault in the JSON is named by its line and column, counted from 1', () => {
  const r = readJson('{\n  "a": 1,\n}');
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.message).toMatch(/^not valid JSON at line 3, column 1: /);
});

test('a text that stops too soon is faulted at its end', () => {
  const r = readJson('{\n "steps": [');
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.message).toMatch(/^not valid JSON at line 2, column 12: /);
});

test('good JSON reads as its value', () => {
  expect(readJson('{"a":[1,2]}')).toEqual({ ok: true, value: { a: [1, 2] } });
});

test('line and column of an offset', () => {
  expect(lineColumn('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
  expect(lineColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
  expect(lineColumn('ab\ncd\nef', 6)).toEqual({ line: 3, column: 1 });
});

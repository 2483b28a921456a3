import { afterEach, describe, expect, test, vi } from 'vitest';
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

describe('whichever words the engine uses', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });
  const saying = (words: string, text: string) => {
    vi.spyOn(JSON, 'parse').mockImplementationOnce(() => {
      throw new SyntaxError(words);
    });
    return readJson(text);
  };

  test('a line and column given are taken as they are, and left out of the words', () => {
    expect(saying('Unexpected token } in JSON at position 12 (line 3 column 1)', 'x')).toEqual({
      ok: false,
      message: 'not valid JSON at line 3, column 1: Unexpected token } in JSON',
    });
  });

  test('a position alone is turned into a line and column, and left out of the words', () => {
    expect(saying('Unexpected token } in JSON at position 12', '{\n  "a": 1,\n}')).toEqual({
      ok: false,
      message: 'not valid JSON at line 3, column 1: Unexpected token } in JSON',
    });
  });

  test('no place at all puts the fault at the end of the text', () => {
    expect(saying('JSON.parse: end of data', 'ab\ncde')).toEqual({
      ok: false,
      message: 'not valid JSON at line 2, column 4: JSON.parse: end of data',
    });
  });
});

test('an offset past the end counts the text it has, and a column runs on from the last line', () => {
  expect(lineColumn('ab\ncd', 9)).toEqual({ line: 2, column: 7 });
  expect(lineColumn('ab\n', 3)).toEqual({ line: 2, column: 1 });
  expect(lineColumn('\r\r', 2)).toEqual({ line: 1, column: 3 });
});

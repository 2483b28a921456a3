/**
 * The checked door for outside JSON (./untrusted) at its edges: the character cap counted
 * after a byte-order mark is dropped, exactly at and one past the cap; the depth cap exactly at
 * and one past MAX_DEPTH; numbers that are not finite in a tree that never was text; each refusal
 * naming its JSON path and the text's name.
 */
import { describe, expect, it } from 'vitest';
import { findUnsafe, formatPath, MAX_DEPTH, MAX_OBJECT_KEYS, readUntrustedJson } from './untrusted';

/** `[[[…0…]]]`, `levels` arrays deep. */
const nested = (levels: number): unknown => {
  let v: unknown = 0;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('readUntrustedJson', () => {
  it('drops a leading byte-order mark before counting and parsing', () => {
    const r = readUntrustedJson('\ufeff{"a":1}', 7);
    expect(r).toEqual({ ok: true, value: { a: 1 }, chars: 7 });
  });

  it('reads a text of exactly maxChars characters and refuses one more, naming the text and the cap in MB', () => {
    expect(readUntrustedJson('[1,2]', 5).ok).toBe(true);
    expect(readUntrustedJson('[1,22]', 5)).toEqual({
      ok: false,
      errors: [{ path: '', message: 'the file has 6 characters; it may have at most 5 (0.000005 MB)' }],
    });
    const named = readUntrustedJson('x'.repeat(2_000_001), 2_000_000, 'the share link');
    expect(named.ok || named.errors[0].message).toBe(
      'the share link has 2000001 characters; it may have at most 2000000 (2 MB)',
    );
  });

  it('refuses text that is not JSON as a whole, with where it stops', () => {
    const r = readUntrustedJson('{"a": }', 100);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors[0].path).toBe('');
  });

  it('refuses a tree past its caps with the path of what is wrong', () => {
    const r = readUntrustedJson('{"boxes":[{"config":{"__proto__":{}}}]}', 1000);
    expect(r).toEqual({
      ok: false,
      errors: [{ path: 'boxes[0].config.__proto__', message: 'the key "__proto__" is not allowed' }],
    });
  });
});

describe('findUnsafe', () => {
  it('takes a tree exactly MAX_DEPTH deep and refuses one level more, at its path', () => {
    expect(findUnsafe(nested(MAX_DEPTH))).toBeUndefined();
    const deeper = findUnsafe(nested(MAX_DEPTH + 1));
    expect(deeper?.message).toBe(`nested deeper than ${MAX_DEPTH} levels`);
    expect(deeper?.path).toBe('[0]'.repeat(MAX_DEPTH + 1));
  });

  it('refuses numbers that are not finite in a tree that never was text (IndexedDB, a paste)', () => {
    for (const bad of [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN])
      expect(findUnsafe({ training: { learningRate: bad } })).toEqual({
        path: 'training.learningRate',
        message: 'a number too large to read (it overflows to Infinity)',
      });
    expect(findUnsafe({ a: [1.5e308, -0, 0] })).toBeUndefined();
    // a string that reads as a number is a string
    expect(findUnsafe({ a: 'Infinity' })).toBeUndefined();
  });

  it('counts the keys of an object, not of an array', () => {
    const many = Object.fromEntries(Array.from({ length: MAX_OBJECT_KEYS + 1 }, (_, i) => [`k${i}`, i]));
    expect(findUnsafe({ options: many })).toEqual({
      path: 'options',
      message: `an object with ${MAX_OBJECT_KEYS + 1} keys; at most ${MAX_OBJECT_KEYS} are read`,
    });
    expect(findUnsafe(Array.from({ length: MAX_OBJECT_KEYS + 1 }, () => 0))).toBeUndefined();
    const atCap = Object.fromEntries(Array.from({ length: MAX_OBJECT_KEYS }, (_, i) => [`k${i}`, i]));
    expect(findUnsafe(atCap)).toBeUndefined();
  });

  it('refuses each forbidden key wherever it is', () => {
    expect(findUnsafe(JSON.parse('[{"constructor":1}]'))?.path).toBe('[0].constructor');
    expect(findUnsafe({ x: { prototype: null } })?.path).toBe('x.prototype');
  });
});

describe('formatPath', () => {
  it('writes names as JavaScript would, indices in brackets, other keys quoted', () => {
    expect(formatPath([])).toBe('');
    expect(formatPath(['boxes', 3, 'position', 'x'])).toBe('boxes[3].position.x');
    expect(formatPath(['config', 'a-b', 0])).toBe('config["a-b"][0]');
    expect(formatPath(['$ok', '_x1'])).toBe('$ok._x1');
    expect(formatPath(['1st'])).toBe('["1st"]');
  });
});

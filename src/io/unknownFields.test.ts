/**
 * Fields a reader does not know, found and put back (./unknownFields): every key of the raw
 * JSON the schema's result lacks, at its path through objects and arrays; written back where
 * the path still leads to an object without that key, never over a known field, never
 * changing the objects it does not pass through, and the whole round trip a property.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { unknownFields, withUnknownFields } from './unknownFields';

const seed = fcSeed();

describe('unknownFields', () => {
  it('finds the keys the schema dropped, at their paths through objects and arrays', () => {
    const raw = {
      a: 1,
      extra: { x: [1] },
      boxes: [{ id: 'p', colour: 'red' }, { id: 'q' }],
      training: { seed: 1, warm: true },
    };
    const known = { a: 1, boxes: [{ id: 'p' }, { id: 'q' }], training: { seed: 1 } };
    expect(unknownFields(raw, known)).toEqual([
      { path: ['extra'], value: { x: [1] } },
      { path: ['boxes', 0, 'colour'], value: 'red' },
      { path: ['training', 'warm'], value: true },
    ]);
  });

  it('looks only as far as both sides go: array items past the shorter, values that are not objects', () => {
    expect(unknownFields([{ a: 1 }, { b: 2 }], [{}])).toEqual([{ path: [0, 'a'], value: 1 }]);
    expect(unknownFields({ a: { deep: 1 } }, { a: 3 })).toEqual([]);
    expect(unknownFields([1, 2], { 0: 1 })).toEqual([]);
    expect(unknownFields(null, {})).toEqual([]);
    expect(unknownFields({ a: 1 }, null)).toEqual([]);
    expect(unknownFields({ a: 1 }, { a: 1 }, ['root'])).toEqual([]);
    expect(unknownFields({ a: 1, b: 2 }, { a: 1 }, ['root', 3])).toEqual([{ path: ['root', 3, 'b'], value: 2 }]);
  });

  it('counts a key the schema kept as undefined as known', () => {
    expect(unknownFields({ a: 1 }, { a: undefined })).toEqual([]);
  });
});

describe('withUnknownFields', () => {
  it('puts each field back where it was, copying only what it passes through', () => {
    const file = { a: 1, boxes: [{ id: 'p' }, { id: 'q' }], training: { seed: 1 }, untouched: { k: 1 } };
    const out = withUnknownFields(file, [
      { path: ['boxes', 1, 'colour'], value: 'red' },
      { path: ['training', 'warm'], value: true },
      { path: ['extra'], value: [1] },
    ]);
    expect(out).toEqual({
      a: 1,
      boxes: [{ id: 'p' }, { id: 'q', colour: 'red' }],
      training: { seed: 1, warm: true },
      untouched: { k: 1 },
      extra: [1],
    });
    expect(out.untouched).toBe(file.untouched);
    expect(out.boxes[0]).toBe(file.boxes[0]);
    expect(file).toEqual({ a: 1, boxes: [{ id: 'p' }, { id: 'q' }], training: { seed: 1 }, untouched: { k: 1 } });
  });

  it('drops a field whose place is gone or taken, and returns the same object when nothing changes', () => {
    const file = { a: 1, list: [{ id: 'p' }], obj: { k: 1 } };
    const fields = [
      { path: ['a'], value: 'over a known field' },
      { path: ['list', 5, 'x'], value: 1 }, // past the array's end
      { path: ['list', 'x'], value: 1 }, // a name into an array
      { path: ['obj', 0], value: 1 }, // an index into an object
      { path: ['gone', 'x'], value: 1 }, // an object no longer there
      { path: ['a', 'x'], value: 1 }, // through a number
      { path: ['list', 0, 'id', 'x'], value: 1 }, // through a string
    ];
    expect(withUnknownFields(file, fields)).toBe(file);
    expect(withUnknownFields(file, [])).toBe(file);
  });

  it('gives back every field found: writing what was read loses nothing (a property)', () => {
    const key = fc.constantFrom('a', 'b', 'c', 'd');
    const json = fc.letrec<{ value: unknown }>((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.integer(),
        fc.string({ maxLength: 3 }),
        fc.array(tie('value'), { maxLength: 3 }),
        fc.dictionary(key, tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, fc.integer({ min: 0, max: 2 ** 31 - 1 }), (raw, s) => {
        // "the schema" keeps each key of each object with probability one half
        let r = s;
        const keep = (): boolean => {
          r = (r * 1103515245 + 12345) % 2 ** 31;
          return r % 2 === 0;
        };
        const schema = (v: unknown): unknown => {
          if (Array.isArray(v)) return v.map(schema);
          if (typeof v !== 'object' || v === null) return v;
          return Object.fromEntries(Object.entries(v).flatMap(([k, x]) => (keep() ? [[k, schema(x)]] : [])));
        };
        const known = schema(raw);
        expect(withUnknownFields(known, unknownFields(raw, known))).toEqual(raw);
      }),
      { seed, numRuns: 200 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { byId } from './byId';

/** An array that counts how many of its items are read. */
function counted<T>(items: T[]): { items: T[]; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(items, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return { items: proxy, reads: () => reads };
}

describe('byId', () => {
  it('finds each item by its id, from one index per array', () => {
    const groups = [{ id: 'a' }, { id: 'b' }];
    expect(byId(groups).get('b')).toBe(groups[1]);
    expect(byId(groups)).toBe(byId(groups));
    expect(byId([...groups]).get('a')).toBe(groups[0]);
    expect(byId(groups).get('c')).toBeUndefined();
  });

  it('reads the array once, however many ask: n lookups cost n reads, not n²', () => {
    const n = 200;
    const { items, reads } = counted(Array.from({ length: n }, (_, k) => ({ id: `g${k}` })));
    for (let k = 0; k < n; k++) expect(byId(items).get(`g${k}`)?.id).toBe(`g${k}`);
    expect(reads()).toBe(n);
  });
});

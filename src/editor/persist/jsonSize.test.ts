/** The cheap bound on a document's JSON length: never says "longer" of a text that is not. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadExample } from '../../io/examples';
import { fcSeed } from '../../testing/seed';
import { jsonLongerThan } from './jsonSize';
import { PENDING_LIMIT, writePending } from './pending';
import { memoryStorage } from './testStorage';

const SEED = fcSeed();

describe('jsonLongerThan', () => {
  it('says longer only of a text longer than the limit', () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const doc = fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.array(value), value));
    fc.assert(
      fc.property(doc, fc.nat(400), (d, limit) => {
        const length = JSON.stringify(d).length;
        if (jsonLongerThan(d, limit)) expect(length).toBeGreaterThan(limit);
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('measures only as far as the limit: items after it are never stringified', () => {
    const poisoned = { toJSON: () => expect.unreachable('stringified past the limit') };
    const doc = { boxes: [...Array.from({ length: 100 }, () => 'x'.repeat(100)), poisoned] };
    expect(jsonLongerThan(doc, 5_000)).toBe(true);
  });

  it('finds a real document under the pending limit, so autosave still writes its record', () => {
    const xor = loadExample('xor');
    expect(jsonLongerThan(xor, PENDING_LIMIT)).toBe(false);
    const storage = memoryStorage();
    expect(writePending(xor, true, 1, storage)).toBe(true);
  });

  it('refuses the pending record of a document far past the limit without stringifying it whole', () => {
    const xor = loadExample('xor');
    const box = JSON.stringify(xor.boxes[0]).length;
    const many = Array.from({ length: Math.ceil(PENDING_LIMIT / box) + 1 }, (_, k) => ({
      ...xor.boxes[0],
      id: `b${k}`,
    }));
    const poisoned = { toJSON: () => expect.unreachable('the whole document was stringified') };
    const big = { ...xor, boxes: [...many, poisoned] } as unknown as typeof xor;
    const storage = memoryStorage();
    expect(writePending(big, true, 1, storage)).toBe(false);
    expect(storage.map.size).toBe(0);
  });
});

/** The sliced JSON text is JSON.stringify's, and gives the page back between slices. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadExample } from '../io/examples';
import { fcSeed } from '../testing/seed';
import { jsonTextOf, stringifyInSlices } from './jsonSlices';

const SEED = fcSeed();

describe('stringifyInSlices', () => {
  it('writes exactly what JSON.stringify writes, holes and undefined fields included', async () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const field = fc.oneof(fc.array(fc.oneof(value, fc.constant(undefined))), value, fc.constant(undefined));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 6 }), field), async (doc) => {
        expect(await stringifyInSlices(doc, async () => {}, 0)).toBe(JSON.stringify(doc));
      }),
      { seed: SEED, numRuns: 200 },
    );
  });

  it('pauses once a slice has run its time, and only then', async () => {
    const doc = { boxes: Array.from({ length: 10 }, (_, k) => ({ id: `b${k}` })), name: 'n' };
    // the clock moves 5 ms each time it is read: a 12 ms slice ends at every third item
    const clock = { ms: 0 };
    const now = () => {
      clock.ms += 5;
      return clock.ms;
    };
    let pauses = 0;
    const text = await stringifyInSlices(
      doc,
      async () => {
        pauses++;
      },
      12,
      now,
    );
    expect(text).toBe(JSON.stringify(doc));
    expect(pauses).toBe(3);
  });

  it('makes a document’s text once, however many ask', async () => {
    const doc = loadExample('xor');
    const first = jsonTextOf(doc);
    expect(jsonTextOf(doc)).toBe(first);
    expect(await first).toBe(JSON.stringify(doc));
  });
});

/** The sliced JSON text is JSON.stringify's, and gives the page back between slices. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadExample } from '../io/examples';
import { fcSeed } from '../testing/seed';
import { documentJson, jsonInSlices, stringifyInPieces } from './jsonSlices';

/** The whole text as the slices make it, every piece kept. */
async function textInSlices(doc: object, pause: () => Promise<void>, sliceMs: number, now?: () => number) {
  return (await jsonInSlices(doc, Number.POSITIVE_INFINITY, pause, sliceMs, now)).text;
}

const SEED = fcSeed();

describe('the JSON text made in slices', () => {
  it('writes exactly what JSON.stringify writes, holes and undefined fields included', async () => {
    const value = fc.jsonValue({ maxDepth: 3 });
    const field = fc.oneof(fc.array(fc.oneof(value, fc.constant(undefined))), value, fc.constant(undefined));
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ maxLength: 6 }), field), async (doc) => {
        expect(await textInSlices(doc, async () => {}, 0)).toBe(JSON.stringify(doc));
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
    const text = await textInSlices(
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

  it('hands over one piece per slice, which join to the text', async () => {
    const doc = { boxes: Array.from({ length: 10 }, (_, k) => ({ id: `b${k}` })), name: 'n' };
    const clock = { ms: 0 };
    const pieces: string[] = [];
    await stringifyInPieces(
      doc,
      (p) => pieces.push(p),
      async () => {},
      12,
      () => (clock.ms += 5),
    );
    // three pauses, and the rest after the last
    expect(pieces).toHaveLength(4);
    expect(pieces.join('')).toBe(JSON.stringify(doc));
  });
});

describe('jsonInSlices', () => {
  const doc = { boxes: Array.from({ length: 10 }, (_, k) => ({ id: `b${k}`, label: 'x…y' })), name: 'n' };
  const clock = () => {
    let ms = 0;
    return () => (ms += 5);
  };

  it('makes the text as a Blob of the slices’ Blobs, and keeps the string when it is short', async () => {
    const made: BlobPart[][] = [];
    const Made = class extends Blob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        made.push(parts ?? []);
      }
    };
    const real = globalThis.Blob;
    globalThis.Blob = Made;
    try {
      const json = await jsonInSlices(doc, 1_000, async () => {}, 12, clock());
      expect(await json.blob.text()).toBe(JSON.stringify(doc));
      expect(json.blob.type).toBe('application/json');
      expect(json.chars).toBe(JSON.stringify(doc).length);
      expect(json.text).toBe(JSON.stringify(doc));
      // four slices' Blobs of text, then one Blob of those four: no Blob of the whole text
      expect(made.map((parts) => parts.map((p) => typeof p))).toEqual([
        ['string'],
        ['string'],
        ['string'],
        ['string'],
        ['object', 'object', 'object', 'object'],
      ]);
    } finally {
      globalThis.Blob = real;
    }
  });

  it('keeps no string past the length asked', async () => {
    const json = await jsonInSlices(doc, 20, async () => {}, 12, clock());
    expect(json.text).toBeNull();
    expect(await json.blob.text()).toBe(JSON.stringify(doc));
  });

  it('makes a document’s text once, however many ask', async () => {
    const xor = loadExample('xor');
    const first = documentJson(xor);
    expect(documentJson(xor)).toBe(first);
    expect((await first).text).toBe(JSON.stringify(xor));
    expect(await (await first).blob.text()).toBe(JSON.stringify(xor));
  });
});

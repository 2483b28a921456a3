/**
 * A share link's bytes (./deflated): base64url both ways, on any bytes and past one chunk of
 * characters, refusing any character outside its alphabet wherever it stands; deflate and
 * inflate round trip, and inflating stops with 'too big' the moment the bytes pass the cap.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { deflate, fromBase64Url, inflate, toBase64Url } from './deflated';

const seed = fcSeed();

describe('base64url', () => {
  it('round-trips any bytes, with no padding and only - and _ beyond letters and digits', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = toBase64Url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(Array.from(fromBase64Url(text) ?? [])).toEqual(Array.from(bytes));
      }),
      { seed, numRuns: 200 },
    );
  });

  it('writes bytes past one chunk of characters (0x8000) as one text', () => {
    const bytes = Uint8Array.from({ length: 0x8000 + 5 }, (_, i) => (i * 7) & 0xff);
    const text = toBase64Url(bytes);
    expect(text.length).toBe(Math.ceil(((0x8000 + 5) * 4) / 3));
    expect(fromBase64Url(text)).toEqual(bytes);
  });

  it('maps + and / to - and _, and drops every trailing =', () => {
    expect(toBase64Url(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
    expect(toBase64Url(Uint8Array.of(1))).toBe('AQ');
  });

  it('refuses a character outside the alphabet at the start, the middle or the end, and a text atob cannot read', () => {
    for (const bad of ['!AQ', 'A!Q', 'AQ!', 'AQ=', 'A+Q', 'A/Q', 'A Q']) expect(fromBase64Url(bad)).toBeNull();
    expect(fromBase64Url('A')).toBeNull(); // one character is no byte
    expect(fromBase64Url('')).toEqual(new Uint8Array(0));
  });
});

describe('deflate and inflate', () => {
  it('round-trip, and leave the bytes given as they were', async () => {
    const text = new TextEncoder().encode('lens '.repeat(400));
    const packed = await deflate(text);
    expect(packed.length).toBeLessThan(text.length / 10);
    const copy = packed.slice();
    expect(await inflate(packed, text.length)).toEqual(text);
    expect(packed).toEqual(copy);
  });

  it("inflates exactly max bytes, and stops with 'too big' one byte past it", async () => {
    const text = new Uint8Array(5000).fill(65);
    const packed = await deflate(text);
    expect(await inflate(packed, 5000)).toEqual(text);
    expect(await inflate(packed, 4999)).toBe('too big');
  });

  it('inflates a view into a larger buffer from its own bytes only', async () => {
    const packed = await deflate(new TextEncoder().encode('abc'));
    const padded = new Uint8Array(packed.length + 8);
    padded.set(packed, 4);
    expect(new TextDecoder().decode((await inflate(padded.subarray(4, 4 + packed.length), 100)) as Uint8Array)).toBe(
      'abc',
    );
  });
});

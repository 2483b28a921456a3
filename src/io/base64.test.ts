/**
 * The weights' base64 against the platform's own `btoa` and `atob` as the oracle: the same text
 * for any bytes, and for any text the same bytes or the same refusal.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { fromBase64, toBase64 } from './base64';

const binary = (bytes: Uint8Array) => Array.from(bytes, (b) => String.fromCharCode(b)).join('');

/** What `atob` makes of a text, as bytes, or undefined where it throws. */
function viaAtob(text: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** Texts near base64: its alphabet, padding anywhere, ASCII whitespace and a few characters outside it. */
const nearBase64 = fc
  .array(
    fc.constantFrom(
      ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split(''),
      '=',
      '=',
      ' ',
      '\n',
      '\t',
      '\r',
      '\f',
      '-',
      '_',
      '\v',
      'é',
      '€',
      '\u00a0',
    ),
    { maxLength: 40 },
  )
  .map((cs) => cs.join(''));

describe('base64 of the weights', () => {
  it('writes what btoa writes, for any bytes, and reads it back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = toBase64(bytes);
        expect(text).toBe(btoa(binary(bytes)));
        expect(fromBase64(text)).toEqual(bytes);
      }),
      { seed: fcSeed(), numRuns: 500 },
    );
  });

  it('pads each length as btoa does', () => {
    expect(toBase64(new Uint8Array([]))).toBe('');
    expect(toBase64(Uint8Array.from([0xff]))).toBe('/w==');
    expect(toBase64(Uint8Array.from([0xff, 0xfe]))).toBe('//4=');
    expect(toBase64(Uint8Array.from([0xff, 0xfe, 0xfd]))).toBe('//79');
    expect(toBase64(Uint8Array.from([0, 0, 0, 0]))).toBe('AAAAAA==');
  });

  it('accepts what atob accepts and refuses what it refuses, for any text', () => {
    fc.assert(
      fc.property(nearBase64, (text) => {
        expect(fromBase64(text)).toEqual(viaAtob(text));
      }),
      { seed: fcSeed(), numRuns: 3000 },
    );
  });

  it('reads padding, whitespace and spare bits as atob does', () => {
    const cases = [
      '',
      '/w==',
      '/w=',
      '/w',
      '/x',
      '//4=',
      '//4',
      '//5',
      'AAAA',
      ' A A\nA\tA ',
      'AAAA====',
      'AA=A',
      '=AAA',
      'A',
      'AAAAA',
      'A===',
      '====',
      'AA==\n',
      'AA\u00a0A',
      'AAA\u0100',
      'AB-_',
    ];
    for (const text of cases) expect(fromBase64(text), JSON.stringify(text)).toEqual(viaAtob(text));
  });

  it('keeps every byte value through a large buffer', () => {
    const bytes = Uint8Array.from({ length: 3 * 100_000 + 2 }, (_, i) => (i * 2654435761) >>> 24);
    const text = toBase64(bytes);
    expect(text.length).toBe(4 * 100_001);
    const back = fromBase64(text);
    expect(back && Buffer.from(back).equals(Buffer.from(bytes))).toBe(true);
  });
});

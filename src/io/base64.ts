/**
 * Base64 for the model file's weights, in Node and in the browser alike. `btoa` needs the bytes
 * as a binary string first, and making one from a typed array (`String.fromCharCode` over
 * chunks) took 8 s for the 43 MB of CatGPT's weights here; these loops take well under a second.
 * `fromBase64` accepts exactly the texts `atob` accepts (WHATWG's forgiving-base64: ASCII
 * whitespace ignored, padding optional) and gives the same bytes.
 */

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const CODE = Uint8Array.from(ALPHABET, (c) => c.charCodeAt(0));
/** A character's six bits, or −1 for a character outside the alphabet (`=` included). */
const SIXBITS = new Int8Array(256).fill(-1);
for (let i = 0; i < 64; i++) SIXBITS[ALPHABET.charCodeAt(i)] = i;
const PAD = '='.charCodeAt(0);
const WHITESPACE = /[\t\n\f\r ]/;
const WHITESPACES = /[\t\n\f\r ]+/g;

export function toBase64(bytes: Uint8Array): string {
  const n = bytes.length;
  const out = new Uint8Array(Math.ceil(n / 3) * 4);
  const whole = n - (n % 3);
  let o = 0;
  for (let i = 0; i < whole; i += 3) {
    const v = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out[o++] = CODE[v >> 18];
    out[o++] = CODE[(v >> 12) & 63];
    out[o++] = CODE[(v >> 6) & 63];
    out[o++] = CODE[v & 63];
  }
  // the last one or two bytes: two or three characters, then padding to four
  const rest = n - whole;
  if (rest > 0) {
    const v = (bytes[whole] << 16) | (rest === 2 ? bytes[whole + 1] << 8 : 0);
    out.set([CODE[v >> 18], CODE[(v >> 12) & 63], rest === 2 ? CODE[(v >> 6) & 63] : PAD, PAD], o);
  }
  // every byte is ASCII, so UTF-8 reads it as one character each
  return new TextDecoder().decode(out);
}

/** The six bits of the character at `i`, or −1 outside the alphabet (any code above 255 too). */
const bitsAt = (text: string, i: number): number => {
  const c = text.charCodeAt(i);
  return c < 256 ? SIXBITS[c] : -1;
};

/** The bytes of base64 text, or undefined where `atob` would refuse it. */
export function fromBase64(text: string): Uint8Array | undefined {
  const s = WHITESPACE.test(text) ? text.replace(WHITESPACES, '') : text;
  let len = s.length;
  if (len % 4 === 0 && s.charCodeAt(len - 1) === PAD) {
    len--;
    if (s.charCodeAt(len - 1) === PAD) len--;
  }
  if (len % 4 === 1) return undefined;
  const bytes = new Uint8Array(Math.floor((len * 3) / 4));
  const whole = len - (len % 4);
  let bad = 0;
  let o = 0;
  for (let i = 0; i < whole; i += 4) {
    const a = bitsAt(s, i);
    const b = bitsAt(s, i + 1);
    const c = bitsAt(s, i + 2);
    const d = bitsAt(s, i + 3);
    bad |= a | b | c | d;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    bytes[o++] = v >> 16;
    bytes[o++] = (v >> 8) & 255;
    bytes[o++] = v & 255;
  }
  // the last two or three characters: one or two bytes, their spare bits dropped as atob does
  const rest = len - whole;
  if (rest >= 2) {
    const a = bitsAt(s, whole);
    const b = bitsAt(s, whole + 1);
    const c = rest === 3 ? bitsAt(s, whole + 2) : 0;
    bad |= a | b | c;
    const v = (a << 18) | (b << 12) | (c << 6);
    bytes.set([v >> 16, (v >> 8) & 255].slice(0, rest - 1), o);
  }
  return bad < 0 ? undefined : bytes;
}

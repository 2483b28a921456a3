/**
 * A file name from a diagram's name: what file systems refuse (slashes, colons, control
 * characters…) turned into `_`, letters of any script kept, at most 80 characters, never empty,
 * never one of the names Windows keeps for devices.
 */
const RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)$/i;
const MAX = 80;

export function safeFileBase(name: string, fallback: string): string {
  let base = name
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[^\p{L}\p{M}\p{N}._ ()+,=-]+/gu, '_')
    .replace(/_*( )_*/g, '$1')
    .replace(/_+/g, '_')
    .replace(/^[ ._-]+|[ ._]+$/g, '');
  base = Array.from(base).slice(0, MAX).join('').trimEnd();
  if (!base) base = fallback;
  if (RESERVED.test(base)) base = `_${base}`;
  return base;
}

/**
 * The bytes of a share link (shareLink.ts): deflated and written in base64url, so a diagram fits
 * in a URL's hash; inflating stops at a cap, so a deflate bomb never reaches memory whole.
 */
import { fromBase64, toBase64 } from './base64';

export function toBase64Url(bytes: Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  return fromBase64(text.replace(/-/g, '+').replace(/_/g, '/')) ?? null;
}

const stream = (bytes: Uint8Array) => new Blob([bytes.slice().buffer]).stream();

export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const out = stream(bytes).pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The inflated bytes, or 'too big' as soon as they pass `max` (a deflate bomb stops there). */
export async function inflate(bytes: Uint8Array, max: number): Promise<Uint8Array | 'too big'> {
  const reader = stream(bytes).pipeThrough(new DecompressionStream('deflate-raw')).getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > max) {
      await reader.cancel();
      return 'too big';
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.length;
  }
  return all;
}

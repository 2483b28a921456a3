/**
 * A share link: the document (never the weights) in the URL's hash, deflated and written in
 * base64url, with classroom flags that hide panels (as TF Playground's hide flags do) and lock the boxes. Reading
 * one goes through the document's own checks (parse.ts) after a bounded inflate, so a link is
 * no more trusted than a file: a damaged or hostile link is refused with the paths of its
 * problems, and one that would inflate past the document's size cap is refused before it does.
 * CompressionStream is in every browser Lensboard runs in and in Node, so no library is needed.
 */
import { DocumentSchema, type LensDocument } from './document';
import { type DocumentIssue, MAX_DOCUMENT_CHARS, parseDocumentText } from './parse';

/** The panels a link may hide. */
export const SHARE_PANELS = ['palette', 'inspector', 'data'] as const;
export type SharePanel = (typeof SHARE_PANELS)[number];

export interface ShareFlags {
  readonly hide: readonly SharePanel[];
  /** The boxes and wires stay as drawn (a class trains the teacher's diagram); the page may unlock. */
  readonly lock?: boolean;
}

/** Far above a deflated classroom diagram (XOR's is ~1 kB); browsers take links of megabytes. */
export const MAX_LINK_CHARS = 2_000_000;

export type SharedLink =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'document';
      readonly doc: LensDocument;
      readonly flags: ShareFlags;
      readonly migratedFrom?: number;
    }
  | { readonly kind: 'error'; readonly errors: readonly DocumentIssue[] };

const damaged = (message: string): SharedLink => ({ kind: 'error', errors: [{ path: '', message }] });

function toBase64Url(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let i = 0; i < bytes.length; i += 0x8000) parts.push(String.fromCharCode(...bytes.subarray(i, i + 0x8000)));
  return btoa(parts.join('')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

const stream = (bytes: Uint8Array) => new Blob([bytes.slice().buffer]).stream();

async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const out = stream(bytes).pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The inflated bytes, or 'too big' as soon as they pass `max` (a deflate bomb stops there). */
async function inflate(bytes: Uint8Array, max: number): Promise<Uint8Array | 'too big'> {
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

/** The hash (`#d=…&hide=palette.inspector&lock=1`) that opens `doc` with these flags. */
export async function shareHash(doc: LensDocument, flags: ShareFlags = { hide: [] }): Promise<string> {
  const json = JSON.stringify(DocumentSchema.parse(doc));
  const params = new URLSearchParams({ d: toBase64Url(await deflate(new TextEncoder().encode(json))) });
  const hide = SHARE_PANELS.filter((p) => flags.hide.includes(p));
  if (hide.length > 0) params.set('hide', hide.join('.'));
  if (flags.lock) params.set('lock', '1');
  return `#${params.toString()}`;
}

/** What a page's hash holds: no link, a document with its flags, or every problem with its path. */
export async function readShareHash(hash: string): Promise<SharedLink> {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!text) return { kind: 'none' };
  if (text.length > MAX_LINK_CHARS) return damaged(`the link has ${text.length} characters; at most ${MAX_LINK_CHARS}`);
  const params = new URLSearchParams(text);
  const d = params.get('d');
  if (d === null) return { kind: 'none' };
  const bytes = fromBase64Url(d);
  if (!bytes) return damaged('the link is damaged: its diagram is not base64url text (A–Z a–z 0–9 - _)');
  let inflated: Uint8Array | 'too big';
  try {
    // UTF-8 takes at most 3 bytes for each UTF-16 unit the character cap counts.
    inflated = await inflate(bytes, MAX_DOCUMENT_CHARS * 3);
  } catch (e) {
    return damaged(`the link is damaged: its diagram does not inflate (${e instanceof Error ? e.message : String(e)})`);
  }
  if (inflated === 'too big')
    return damaged(`the link's diagram is larger than a document may be (${MAX_DOCUMENT_CHARS} characters)`);
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(inflated);
  } catch {
    return damaged('the link is damaged: its diagram is not UTF-8 text');
  }
  const parsed = parseDocumentText(json);
  if (!parsed.ok) return { kind: 'error', errors: parsed.errors };
  const hide = (params.get('hide') ?? '')
    .split('.')
    .filter((p): p is SharePanel => SHARE_PANELS.includes(p as SharePanel));
  const flags: ShareFlags = { hide: SHARE_PANELS.filter((p) => hide.includes(p)), lock: params.get('lock') === '1' };
  return parsed.migratedFrom === undefined
    ? { kind: 'document', doc: parsed.doc, flags }
    : { kind: 'document', doc: parsed.doc, flags, migratedFrom: parsed.migratedFrom };
}

/**
 * A student's final weights on the teacher's request (docs/class.md#final-weights), as plain
 * data: the teacher raises a count in the class's room (one per student, and one for everyone);
 * the student's page answers in its own room with the file Export model writes, cut into chunks
 * that each travel as one message under the server's cap for a student (256 kB), and a
 * description written last: the request it answers, the file's name, size, chunk count and
 * SHA-256. The teacher's page puts the chunks together and checks every one of these before it
 * offers the file. No socket here: tested in Node.
 */
import type * as Y from 'yjs';

/** The class's room: `ask`, a map of student id (or `*` for everyone) → a count the teacher raises. */
export const ASK = 'ask';
/**
 * The class's room: `askOrder`, the same keys → when each was last raised (1, 2, …), so that a
 * teacher's page that reloads knows which request — a student's own or everyone's — is the
 * latest, and waits for its answer (docs/class.md#final-weights).
 */
export const ASK_ORDER = 'askOrder';
export const EVERYONE = '*';
/** A student's room: their answer, `meta` and the chunks `0`, `1`, … */
export const WEIGHTS_MAP = 'weights';

/** Under the 256 kB a student's message may carry, with room for the message's own framing. */
export const CHUNK_BYTES = 192 * 1024;
/** The largest file a student sends: a whole MNIST MLP with its optimiser state fits many times over. */
export const MAX_WEIGHTS_BYTES = 64 * 2 ** 20;
export const MAX_CHUNKS = Math.ceil(MAX_WEIGHTS_BYTES / CHUNK_BYTES);
const MAX_NAME = 120;

/** Which request an answer answers: the key the teacher raised and the count it reached. */
export const askToken = (key: string, count: number): string => `${key}#${count}`;

export type WeightsMeta =
  | {
      readonly asked: string;
      readonly name: string;
      readonly size: number;
      readonly chunks: number;
      /** SHA-256 of the whole file, lowercase hex. */
      readonly digest: string;
    }
  /** The student had nothing to send: why, in a sentence the teacher reads. */
  | { readonly asked: string; readonly refused: string };

export type Received =
  | { readonly ok: true; readonly name: string; readonly bytes: Uint8Array }
  | { readonly ok: false; readonly error: string };

export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const d = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes.slice().buffer));
  return Array.from(d, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The file cut into chunks of at most `size` bytes (views of it, not copies). */
export function splitBytes(bytes: Uint8Array, size = CHUNK_BYTES): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let at = 0; at < bytes.byteLength; at += size)
    out.push(bytes.subarray(at, Math.min(at + size, bytes.byteLength)));
  return out;
}

const isCount = (v: unknown, max: number): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max;

/** A description as read from a student's room: a sentence saying what is wrong with it, or it. */
export function readMeta(v: unknown): WeightsMeta | string {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'the answer’s description is not an object';
  const o = v as Record<string, unknown>;
  if (typeof o.asked !== 'string' || o.asked.length > 40) return 'the answer names no request';
  if ('refused' in o)
    return typeof o.refused === 'string'
      ? { asked: o.asked, refused: o.refused.slice(0, 200) }
      : 'the answer’s refusal is not a sentence';
  if (typeof o.name !== 'string' || o.name.length === 0 || o.name.length > MAX_NAME)
    return `the file’s name is missing or longer than ${MAX_NAME} characters`;
  if (!isCount(o.size, MAX_WEIGHTS_BYTES) || o.size === 0)
    return `the file’s size is not a whole number of bytes in 1…${MAX_WEIGHTS_BYTES}`;
  if (!isCount(o.chunks, MAX_CHUNKS) || o.chunks !== Math.ceil(o.size / CHUNK_BYTES))
    return `the chunk count ${String(o.chunks)} does not fit a file of ${o.size} bytes`;
  if (typeof o.digest !== 'string' || !/^[0-9a-f]{64}$/.test(o.digest)) return 'the file’s digest is not a SHA-256';
  return { asked: o.asked, name: o.name, size: o.size, chunks: o.chunks, digest: o.digest };
}

/**
 * The file put together from a description and the chunks found beside it, each checked: every
 * chunk present, binary, of its size (all full but the last), the whole of the size described
 * and of its digest. Refused with a sentence naming the chunk or the field.
 */
export async function assemble(meta: unknown, chunkAt: (i: number) => unknown): Promise<Received> {
  const m = readMeta(meta);
  if (typeof m === 'string') return { ok: false, error: m };
  if ('refused' in m) return { ok: false, error: m.refused };
  const bytes = new Uint8Array(m.size);
  let at = 0;
  for (let i = 0; i < m.chunks; i++) {
    const c = chunkAt(i);
    if (!(c instanceof Uint8Array)) return { ok: false, error: `chunk ${i + 1} of ${m.chunks} is missing` };
    const want = i < m.chunks - 1 ? CHUNK_BYTES : m.size - at;
    if (c.byteLength !== want)
      return { ok: false, error: `chunk ${i + 1} of ${m.chunks} has ${c.byteLength} bytes, not ${want}` };
    bytes.set(c, at);
    at += c.byteLength;
  }
  if ((await sha256Hex(bytes)) !== m.digest)
    return { ok: false, error: 'the file’s digest does not match its chunks: it arrived damaged' };
  return { ok: true, name: m.name, bytes };
}

/** The answer in a student's room, read for request `asked`: null until its description arrives. */
export async function readAnswer(doc: Y.Doc, asked: string): Promise<Received | null> {
  const map = doc.getMap(WEIGHTS_MAP);
  const meta = map.get('meta');
  if (typeof meta !== 'object' || meta === null || (meta as { asked?: unknown }).asked !== asked) return null;
  return assemble(meta, (i) => map.get(String(i)));
}

/**
 * Writes an answer into a student's room: each chunk in a transaction of its own (one message
 * each, under the cap), `pace` awaited between them (the server's rate limit), chunks of an
 * older, larger answer removed, and the description last, so that whoever sees it finds every
 * chunk already there.
 */
export async function writeAnswer(
  doc: Y.Doc,
  asked: string,
  file: { readonly name: string; readonly bytes: Uint8Array } | { readonly refused: string },
  pace: () => Promise<void> = async () => {},
): Promise<void> {
  const map = doc.getMap(WEIGHTS_MAP);
  if ('refused' in file) {
    map.set('meta', { asked, refused: file.refused });
    return;
  }
  if (file.bytes.byteLength > MAX_WEIGHTS_BYTES)
    throw new Error(`the model file has ${file.bytes.byteLength} bytes; a class carries at most ${MAX_WEIGHTS_BYTES}`);
  const chunks = splitBytes(file.bytes);
  const digest = await sha256Hex(file.bytes);
  for (const [i, c] of chunks.entries()) {
    if (i > 0) await pace();
    // A copy: Yjs keeps the array it is given.
    map.set(String(i), c.slice());
  }
  doc.transact(() => {
    for (const k of [...map.keys()]) if (/^\d+$/.test(k) && Number(k) >= chunks.length) map.delete(k);
    map.set('meta', {
      asked,
      name: file.name.slice(0, MAX_NAME),
      size: file.bytes.byteLength,
      chunks: chunks.length,
      digest,
    });
  });
}

/** The counts of the class's `ask` map as read: anything but a finite count reads as 0. */
export function askCount(asks: Y.Map<unknown>, key: string): number {
  const v = asks.get(key);
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

const orderOf = (order: Y.Map<unknown>, key: string): number => {
  const v = order.get(key);
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
};

/** Raises the ask of `key` (a student's id or EVERYONE) in one transaction; returns its token. */
export function raiseAsk(asks: Y.Map<unknown>, order: Y.Map<unknown>, key: string): string {
  const count = askCount(asks, key) + 1;
  const last = Math.max(0, ...[...order.keys()].map((k) => orderOf(order, k)));
  const write = () => {
    asks.set(key, count);
    order.set(key, last + 1);
  };
  if (asks.doc) asks.doc.transact(write);
  else write();
  return askToken(key, count);
}

/** The request a student's answer must name now: the later of their own ask and everyone's, or null when neither was made. */
export function latestAsk(asks: Y.Map<unknown>, order: Y.Map<unknown>, id: string): string | null {
  const own = askCount(asks, id);
  const all = askCount(asks, EVERYONE);
  if (own === 0 && all === 0) return null;
  if (all === 0) return askToken(id, own);
  if (own === 0) return askToken(EVERYONE, all);
  return orderOf(order, id) > orderOf(order, EVERYONE) ? askToken(id, own) : askToken(EVERYONE, all);
}

/**
 * A big document's JSON text made a slice at a time, the page's main thread given back between
 * slices, and made once per document: the autosave stores it and the compile worker is sent it.
 * It is kept as a Blob of one piece per slice, each piece's Blob made in its own slice: a Blob of
 * the whole text made at once (its UTF-8 encoding), IndexedDB's copy of a string of megabytes and
 * the document's object tree cloned to a worker each took a second or more in one task for a
 * model of thousands of boxes, where a Blob of Blobs is handed on by reference
 * (docs/architecture.md, "Opening a big file").
 */
import { PENDING_LIMIT } from './persist/pending';

/** Waits for the next task, so that input and rendering can run in between. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/** How long one slice may run, in ms. */
export const SLICE_MS = 12;

/**
 * `JSON.stringify(doc)` exactly, for a plain object of plain values, handed to `piece` in parts
 * that join to it: its top-level fields in order, each array's items one by one, a part handed
 * over and `pause` awaited whenever a slice has run `sliceMs`.
 */
export async function stringifyInPieces(
  doc: object,
  piece: (text: string) => void,
  pause: () => Promise<void> = nextTask,
  sliceMs = SLICE_MS,
  now: () => number = () => performance.now(),
): Promise<void> {
  let parts: string[] = ['{'];
  let since = now();
  const breathe = async () => {
    if (now() - since < sliceMs) return;
    piece(parts.join(''));
    parts = [];
    await pause();
    since = now();
  };
  let first = true;
  for (const [key, value] of Object.entries(doc)) {
    if (!Array.isArray(value)) {
      const text = JSON.stringify(value);
      if (text === undefined) continue;
      parts.push(`${first ? '' : ','}${JSON.stringify(key)}:${text}`);
      first = false;
      continue;
    }
    parts.push(`${first ? '' : ','}${JSON.stringify(key)}:[`);
    first = false;
    for (let i = 0; i < value.length; i++) {
      parts.push(`${i > 0 ? ',' : ''}${JSON.stringify(value[i]) ?? 'null'}`);
      await breathe();
    }
    parts.push(']');
  }
  parts.push('}');
  piece(parts.join(''));
}

/** A document's JSON text as made in slices. */
export interface DocumentJson {
  /** The text, as a Blob of one Blob per slice. */
  readonly blob: Blob;
  /** Its length in characters (a string's `length`). */
  readonly chars: number;
  /** The text itself when it is at most the `keepTextUpTo` asked for, else null. */
  readonly text: string | null;
}

/**
 * The document's JSON text, a slice at a time: each slice's piece made into a Blob in that
 * slice, and the pieces kept as one string as well only when short (`keepTextUpTo` characters).
 */
export async function jsonInSlices(
  doc: object,
  keepTextUpTo: number,
  pause: () => Promise<void> = nextTask,
  sliceMs = SLICE_MS,
  now: () => number = () => performance.now(),
): Promise<DocumentJson> {
  const pieces: string[] = [];
  const blobs: Blob[] = [];
  let chars = 0;
  await stringifyInPieces(
    doc,
    (p) => {
      chars += p.length;
      blobs.push(new Blob([p]));
      if (chars <= keepTextUpTo) pieces.push(p);
      else pieces.length = 0;
    },
    pause,
    sliceMs,
    now,
  );
  const blob = new Blob(blobs, { type: 'application/json' });
  return { blob, chars, text: chars <= keepTextUpTo ? pieces.join('') : null };
}

const made = new WeakMap<object, Promise<DocumentJson>>();

/**
 * The document's JSON text in slices, made once however many ask for it; kept as a string too
 * when the pending record (./persist/pending) may hold it.
 */
export function documentJson(doc: object): Promise<DocumentJson> {
  let json = made.get(doc);
  if (!json) {
    // half a slice of text: its Blob, made in the same task, takes about as long again
    json = jsonInSlices(doc, PENDING_LIMIT, nextTask, SLICE_MS / 2);
    made.set(doc, json);
  }
  return json;
}

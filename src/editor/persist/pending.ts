/**
 * The pending record: the latest document, written to localStorage synchronously each time
 * autosave flushes, because a page being left (reload, close) does not wait for IndexedDB to
 * open. It carries the revision of the IndexedDB save started with it; once IndexedDB holds that
 * revision or a later one, the record is removed. Storage refusing (quota, a private window) is
 * never an error here: the IndexedDB path still runs and reports its own failures.
 */
import type { LensDocument } from '../../io/document';
import { lazySchema, z } from '../../kinds/zod';
import { jsonLongerThan } from './jsonSize';
import { readRevision } from './revision';
import { readStoredDocument } from './storedDocument';

export const PENDING_KEY = 'lensboard.pendingAutosave';
/** In characters. Leaves most of localStorage's ~5 MB to "My boxes"; a larger document relies
 * on IndexedDB alone (a 300-box document is ~100 kB). */
export const PENDING_LIMIT = 1_000_000;

export type PendingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type Pending =
  | { kind: 'none' }
  /** `base`: the writer of the autosave slot as the tab knew it (./slot); absent when there was none. */
  | { kind: 'ok'; doc: LensDocument; unexported: boolean; revision: number; base?: string }
  /** `raw` is the record's text as stored, to be kept aside untouched. */
  | { kind: 'bad'; reason: string; raw?: string };

const Stored = lazySchema(() =>
  z.object({
    version: z.literal(1),
    /** Damaged (negative, fractional, absurd) reads as 0: the document itself is still worth keeping. */
    revision: z.unknown().transform(readRevision),
    unexported: z.boolean(),
    /** The slot's writer the document was based on: another tab's write since then is merged, not lost. */
    base: z.string().max(200).optional().catch(undefined),
    doc: z.unknown(),
  }),
);

/** `window.localStorage` itself throws where storage is disabled: callers catch that too. */
const local = (storage?: PendingStorage): PendingStorage => storage ?? window.localStorage;

/**
 * False when the record was not written (too large, quota, storage disabled); never throws.
 * `docText`: `JSON.stringify(doc)`, when the caller has it.
 */
export function writePending(
  doc: LensDocument,
  unexported: boolean,
  revision: number,
  storage?: PendingStorage,
  base?: string,
  docText?: string,
): boolean {
  try {
    if (docText === undefined && jsonLongerThan(doc, PENDING_LIMIT)) return false;
    const head = JSON.stringify({ version: 1, revision, unexported, ...(base === undefined ? {} : { base }) });
    // the document's own text when it was made already (a big document's, ../jsonSlices)
    const text = `${head.slice(0, -1)},"doc":${docText ?? JSON.stringify(doc)}}`;
    if (text.length > PENDING_LIMIT) return false;
    local(storage).setItem(PENDING_KEY, text);
    return true;
  } catch {
    return false;
  }
}

type Read =
  | { kind: 'none' }
  | { kind: 'bad'; reason: string; raw: string }
  | { kind: 'record'; record: z.infer<typeof Stored>; raw: string };

function readRecord(storage?: PendingStorage): Read {
  let text: string | null;
  try {
    text = local(storage).getItem(PENDING_KEY);
  } catch {
    return { kind: 'none' };
  }
  if (text === null) return { kind: 'none' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'bad', reason: 'not valid JSON', raw: text };
  }
  const stored = Stored.safeParse(json);
  if (!stored.success) return { kind: 'bad', reason: 'not a Lensboard autosave record', raw: text };
  return { kind: 'record', record: stored.data, raw: text };
}

export function readPending(storage?: PendingStorage): Pending {
  const read = readRecord(storage);
  if (read.kind !== 'record') return read;
  const { record } = read;
  const doc = readStoredDocument(record.doc);
  if (!doc.ok) return { kind: 'bad', reason: doc.reason, raw: read.raw };
  const base = record.base === undefined ? {} : { base: record.base };
  return { kind: 'ok', doc: doc.doc, unexported: record.unexported, revision: record.revision, ...base };
}

/** The revision a record's text says, as the schema reads it; 0 for text that is no record. */
function revisionIn(text: string): number {
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null ? readRevision((json as { revision?: unknown }).revision) : 0;
  } catch {
    return 0;
  }
}

/**
 * Removes the record once IndexedDB holds `upTo` or later; a newer record stays (a later flush
 * wrote it and its own save is still on the way). Without `upTo`, removes any record.
 */
export function clearPending(upTo = Number.POSITIVE_INFINITY, storage?: PendingStorage): void {
  try {
    // A record no newer than `upTo` goes, whole or damaged, without building the schema: the
    // first save comes as the page opens (docs/architecture.md, "The first screen").
    const text = local(storage).getItem(PENDING_KEY);
    if (text !== null && revisionIn(text) <= upTo) {
      local(storage).removeItem(PENDING_KEY);
      return;
    }
    const read = readRecord(storage);
    if (read.kind === 'none' || (read.kind === 'record' && read.record.revision > upTo)) return;
    local(storage).removeItem(PENDING_KEY);
  } catch {
    // Storage went away; the record, if any, is superseded by revision on the next restore.
  }
}

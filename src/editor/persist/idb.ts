/**
 * The autosave slot in IndexedDB: one object store, one key. A stored document is read back
 * through the document schema, so a damaged or foreign record is refused, never half-loaded.
 */
import type { LensDocument } from '../../io/document';
import { readRevision } from './revision';
import { readStoredDocument } from './storedDocument';

const DB = 'lensboard';
const STORE = 'documents';
const KEY = 'autosave';
/** Beside the document: does it hold changes never exported as a file (see `exportedDoc`)? */
const UNEXPORTED_KEY = 'autosave-unexported';
/** Orders this copy against the pending record in localStorage (pending.ts); 0 when absent. */
const REVISION_KEY = 'autosave-revision';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(DB, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE);
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB would not open'));
  });
}

function run<T>(mode: IDBTransactionMode, act: (s: IDBObjectStore) => T): Promise<T> {
  return open().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const tx = db.transaction(STORE, mode);
        const requests = act(tx.objectStore(STORE));
        const fail = () => {
          db.close();
          reject(tx.error ?? new Error('IndexedDB transaction failed'));
        };
        tx.oncomplete = () => {
          db.close();
          resolve(requests);
        };
        tx.onerror = fail;
        tx.onabort = fail;
      }),
  );
}

export function saveDocument(doc: LensDocument, unexported = true, revision = 0): Promise<unknown> {
  return run(
    'readwrite',
    (s) =>
      [
        s.put(JSON.parse(JSON.stringify(doc)), KEY),
        s.put(unexported, UNEXPORTED_KEY),
        s.put(revision, REVISION_KEY),
      ] as const,
  );
}

export type Restored =
  | { kind: 'none' }
  | { kind: 'ok'; doc: LensDocument; unexported: boolean; revision: number }
  /** `raw` is the record as stored, to be kept aside untouched (absent when nothing could be read). */
  | { kind: 'bad'; reason: string; raw?: unknown };

export async function loadDocument(): Promise<Restored> {
  const [doc, flag, rev] = await run(
    'readonly',
    (s) => [s.get(KEY), s.get(UNEXPORTED_KEY), s.get(REVISION_KEY)] as const,
  );
  const raw: unknown = doc.result;
  if (raw === undefined) return { kind: 'none' };
  const read = readStoredDocument(raw);
  if (!read.ok) return { kind: 'bad', reason: read.reason, raw };
  const revision = readRevision(rev.result);
  return { kind: 'ok', doc: read.doc, unexported: flag.result !== false, revision };
}

/**
 * A stored copy that could not be read (a newer version's, a damaged one) is kept aside under a
 * key of its own, as it was, until the user exports or deletes it: autosave then writes its own
 * slot without writing over anything the user made.
 */
export interface AsideRecord {
  readonly key: string;
  /** Which copy it was: the IndexedDB autosave or the pending record of localStorage. */
  readonly copy: 'idb' | 'pending';
  readonly reason: string;
  /** When it was found unreadable (ms since 1970). */
  readonly keptAt: number;
  /** As stored: any structured-clonable value (the pending record's text is a string). */
  readonly raw: unknown;
}

const ASIDE = 'unreadable-';
const asideRange = () => IDBKeyRange.bound(ASIDE, `${ASIDE}\uffff`);

export function keepAside(record: Omit<AsideRecord, 'key'>): Promise<AsideRecord> {
  const key = `${ASIDE}${record.keptAt}-${record.copy}`;
  const kept = { ...record, key };
  return run('readwrite', (s) => s.put(kept, key)).then(() => kept);
}

export async function readAside(): Promise<AsideRecord[]> {
  const req = await run('readonly', (s) => s.getAll(asideRange()));
  return (req.result as unknown[]).filter(
    (r): r is AsideRecord =>
      typeof r === 'object' && r !== null && typeof (r as AsideRecord).key === 'string' && 'raw' in r,
  );
}

export function deleteAside(key: string): Promise<unknown> {
  return run('readwrite', (s) => s.delete(key));
}

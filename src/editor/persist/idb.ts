/**
 * The autosave slot in IndexedDB: one object store, one key. A stored document is read back
 * through the document schema, so a damaged or foreign record is refused, never half-loaded.
 * A document is stored as it is: it is plain data the schema made, which IndexedDB's own copy
 * (a structured clone) takes whole; a JSON copy first doubled the work of a save, in one task
 * of the page's main thread. A big one is stored as its JSON text, a Blob made beforehand a
 * slice at a time (../jsonSlices): IndexedDB keeps a Blob by reference, where copying a string of
 * megabytes took a second in one task. A Blob is read outside a transaction, so a save that finds
 * another tab's Blob reads it and tries again in a new transaction, writing only if the slot's
 * writer is still the one read (docs/architecture.md, "Opening a big file").
 */
import type { LensDocument } from '../../io/document';
import { readRevision } from './revision';
import { BLOB_TRIES, decideSave, type ReadAhead, type SaveOutcome, type SaveRequest, storedForSave } from './slot';
import { readStoredDocument } from './storedDocument';

const DB = 'lensboard';
const STORE = 'documents';
const KEY = 'autosave';
/** Beside the document: does it hold changes never exported as a file (see `exportedDoc`)? */
const UNEXPORTED_KEY = 'autosave-unexported';
/** Orders this copy against the pending record in localStorage (pending.ts); 0 when absent. */
const REVISION_KEY = 'autosave-revision';
/** Who wrote the copy: a tab and its revision (./slot); absent in copies saved before it was kept. */
const WRITER_KEY = 'autosave-writer';

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
    (s) => [s.put(doc, KEY), s.put(unexported, UNEXPORTED_KEY), s.put(revision, REVISION_KEY)] as const,
  );
}

/**
 * Saves through the slot's rule (./slot): reads the stored copy and its writer and writes in one
 * transaction, so no other tab's save comes in between; another tab's version set aside by a
 * merge is kept in the same transaction. Another tab's copy stored as a Blob is read between two
 * transactions, the second writing only if that tab's write is still the slot's.
 */
export async function saveToSlot(req: SaveRequest, now: () => number = Date.now): Promise<SlotSaved> {
  let ahead: ReadAhead | null = null;
  for (let tries = 0; tries < BLOB_TRIES; tries++) {
    const tried = await trySave(req, now, ahead);
    if (tried.kind === 'done') return tried.saved;
    ahead = { writer: tried.writer, text: await tried.blob.text() };
  }
  throw new Error('the autosave slot kept changing under this save');
}

type Tried =
  | { readonly kind: 'done'; readonly saved: SlotSaved }
  /** The slot holds another tab's Blob, not read yet: nothing was written. */
  | { readonly kind: 'read first'; readonly blob: Blob; readonly writer: unknown };

/** One transaction of `saveToSlot`. */
function trySave(req: SaveRequest, now: () => number, ahead: ReadAhead | null): Promise<Tried> {
  let tried: Tried = { kind: 'done', saved: { outcome: { kind: 'unchanged' }, aside: null } };
  return run('readwrite', (s) => {
    const doc = s.get(KEY);
    const writer = s.get(WRITER_KEY);
    writer.onsuccess = () => {
      const found = storedForSave({ raw: doc.result, writer: writer.result }, req, ahead);
      if ('readFirst' in found) {
        tried = { kind: 'read first', blob: found.readFirst, writer: writer.result };
        return;
      }
      const decision = decideSave({ raw: found.raw, writer: writer.result }, req);
      req.base.current = decision.base;
      let aside: AsideRecord | null = null;
      if (decision.put) {
        const { put } = decision;
        s.put(put.doc === req.doc && req.json !== undefined ? req.json : put.doc, KEY);
        s.put(put.unexported, UNEXPORTED_KEY);
        s.put(req.revision, REVISION_KEY);
        s.put(put.writer, WRITER_KEY);
      }
      const { outcome } = decision;
      if (outcome.kind === 'merged' && outcome.aside) {
        const keptAt = now();
        aside = {
          key: `${ASIDE}${keptAt}-other-tab`,
          copy: 'other-tab',
          reason: describeCollisions(outcome),
          keptAt,
          raw: JSON.parse(JSON.stringify(outcome.aside)),
        };
        s.put(aside, aside.key);
      }
      tried = { kind: 'done', saved: { outcome, aside } };
    };
  }).then(() => tried);
}

export interface SlotSaved {
  readonly outcome: SaveOutcome;
  /** The other tab's version, kept aside by a merge whose edits collided. */
  readonly aside: AsideRecord | null;
}

/** "the box 'lin1' and 2 more", for the banner. */
export function describeCollisions({ collisions }: Extract<SaveOutcome, { kind: 'merged' }>): string {
  const name = { box: 'the box', wire: 'the wire', group: 'the group', field: 'the diagram’s' } as const;
  const first = collisions[0];
  if (!first) return 'the same diagram';
  const one = first.kind === 'field' ? `${name.field} ${first.id}` : `${name[first.kind]} '${first.id}'`;
  return collisions.length === 1 ? one : `${one} and ${collisions.length - 1} more`;
}

export type Restored =
  | { kind: 'none' }
  | { kind: 'ok'; doc: LensDocument; unexported: boolean; revision: number; writer?: string | null }
  /** `raw` is the record as stored, to be kept aside untouched (absent when nothing could be read). */
  | { kind: 'bad'; reason: string; raw?: unknown };

export async function loadDocument(): Promise<Restored> {
  const [doc, flag, rev, writer] = await run(
    'readonly',
    (s) => [s.get(KEY), s.get(UNEXPORTED_KEY), s.get(REVISION_KEY), s.get(WRITER_KEY)] as const,
  );
  // a big document is stored as its JSON text in a Blob
  const raw: unknown = doc.result instanceof Blob ? await doc.result.text() : doc.result;
  if (raw === undefined) return { kind: 'none' };
  const read = readStoredDocument(raw);
  if (!read.ok) return { kind: 'bad', reason: read.reason, raw };
  const revision = readRevision(rev.result);
  const signed = typeof writer.result === 'string' ? writer.result : null;
  return { kind: 'ok', doc: read.doc, unexported: flag.result !== false, revision, writer: signed };
}

/**
 * A stored copy that could not be read (a newer version's, a damaged one) is kept aside under a
 * key of its own, as it was, until the user exports or deletes it: autosave then writes its own
 * slot without writing over anything the user made.
 */
export interface AsideRecord {
  readonly key: string;
  /**
   * Which copy it was: the IndexedDB autosave or the pending record of localStorage, unreadable;
   * or another tab's version of the diagram whose edits collided with this tab's (./slot).
   */
  readonly copy: 'idb' | 'pending' | 'other-tab';
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

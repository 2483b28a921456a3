/**
 * The autosave slot is shared by every tab of this browser. Each write is signed by its writer
 * (the tab and the revision); a tab remembers the slot as it last read or wrote it (its *base*).
 * Saving, a tab finds the slot still as its base (nobody else wrote: it writes its document), or
 * another tab's document there: it merges (./merge) its own edits and theirs against the base,
 * writes the result, and keeps theirs aside when edits collided; when the result is theirs
 * already, it writes nothing and takes theirs. So the later save never drops the other tab's
 * edits in silence (docs/architecture.md, "Autosave and other tabs"). The decision is pure; the
 * IndexedDB slot (./idb) and the tests' memory slot (./testStorage) both apply it.
 */
import type { LensDocument } from '../../io/document';
import { type Collision, mergeDocuments, same } from './merge';
import { readStoredDocument } from './storedDocument';

/** The slot as a tab last read or wrote it. `writer` is null for a copy saved before writers were signed. */
export interface Slot {
  readonly doc: LensDocument;
  readonly writer: string | null;
}

export interface SaveRequest {
  readonly doc: LensDocument;
  readonly unexported: boolean;
  readonly revision: number;
  /**
   * The document's JSON text as a Blob, when it was made (a big document, ../jsonSlices): stored
   * instead of the document, which IndexedDB would otherwise clone in one long task.
   */
  readonly json?: Blob;
  /** This write's signature. */
  readonly writer: string;
  /** `save` writes; `sync` (another tab said it saved) only takes what the slot holds, never writes. */
  readonly mode: 'save' | 'sync';
  /** The tab's base, read and moved when the slot is read, so that saves queued one after another see each other. */
  readonly base: { current: Slot | null };
}

export type SaveOutcome =
  | { readonly kind: 'written' }
  /** The slot held another tab's edits: `doc` (written) holds both; `aside` is theirs when some collided. */
  | {
      readonly kind: 'merged';
      readonly doc: LensDocument;
      readonly aside: LensDocument | null;
      readonly collisions: readonly Collision[];
    }
  /** The slot held another tab's document, which holds every edit of this one: taken as it is. */
  | { readonly kind: 'adopted'; readonly doc: LensDocument }
  | { readonly kind: 'unchanged' };

export interface SlotDecision {
  readonly outcome: SaveOutcome;
  /** What to write, or null. */
  readonly put: { readonly doc: LensDocument; readonly unexported: boolean; readonly writer: string } | null;
  /** The tab's base after this. */
  readonly base: Slot | null;
}

/** The stored writer as a signature: anything but a string reads as unsigned (null). */
const writerOf = (stored: unknown): string | null => (typeof stored === 'string' ? stored : null);

/** Is the slot as the tab's base left it (empty, or last written by the base's writer)? Then its copy is not read. */
export const slotUntouched = (stored: { readonly raw: unknown; readonly writer: unknown }, req: SaveRequest): boolean =>
  stored.raw === undefined || writerOf(stored.writer) === (req.base.current?.writer ?? null);

/** Another tab's copy stored as a Blob, read before a save's next try: its text, and the writer it was read under. */
export interface ReadAhead {
  readonly writer: unknown;
  readonly text: string;
}

/** How often a save reads another tab's Blob and tries again before it gives up. */
export const BLOB_TRIES = 5;

/**
 * What a save's transaction decides on, the slot as it is found: the stored copy itself; or,
 * for another tab's copy stored as a Blob (which cannot be read inside a transaction), the text
 * read before this try while the slot's writer is still the one it was read under; else the
 * Blob, to be read before the next try, nothing written.
 */
export function storedForSave(
  stored: { readonly raw: unknown; readonly writer: unknown },
  req: SaveRequest,
  ahead: ReadAhead | null,
): { readonly raw: unknown } | { readonly readFirst: Blob } {
  if (!(stored.raw instanceof Blob) || slotUntouched(stored, req)) return { raw: stored.raw };
  if (ahead !== null && ahead.writer === stored.writer) return { raw: ahead.text };
  return { readFirst: stored.raw };
}

/**
 * What a save does with the slot as it is found (`raw`: the stored document, undefined when
 * empty). An unreadable stored copy is written over on a save, as it always was: restore keeps
 * such a copy aside before autosave starts.
 */
export function decideSave(
  stored: { readonly raw: unknown; readonly writer: unknown },
  req: SaveRequest,
): SlotDecision {
  const base = req.base.current;
  const write = (doc: LensDocument, outcome: SaveOutcome): SlotDecision => ({
    outcome,
    put: { doc, unexported: req.unexported || doc !== req.doc, writer: req.writer },
    base: { doc, writer: req.writer },
  });
  const storedWriter = writerOf(stored.writer);
  if (slotUntouched(stored, req))
    return req.mode === 'sync'
      ? { outcome: { kind: 'unchanged' }, put: null, base }
      : write(req.doc, { kind: 'written' });
  const theirs = readStoredDocument(stored.raw);
  if (!theirs.ok)
    return req.mode === 'sync'
      ? { outcome: { kind: 'unchanged' }, put: null, base }
      : write(req.doc, { kind: 'written' });
  const merged = mergeDocuments(base?.doc ?? null, req.doc, theirs.doc);
  if (same(merged.doc, theirs.doc))
    return {
      outcome: { kind: 'adopted', doc: theirs.doc },
      put: null,
      base: { doc: theirs.doc, writer: storedWriter },
    };
  if (req.mode === 'sync') return { outcome: { kind: 'unchanged' }, put: null, base };
  return write(merged.doc, { kind: 'merged', doc: merged.doc, aside: merged.aside, collisions: merged.collisions });
}

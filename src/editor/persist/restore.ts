/**
 * On start: the newer readable of the two stored copies, the IndexedDB autosave and the pending
 * record written as the page was last left (pending.ts), else the XOR example (a first visit
 * opens an example, not an empty page). A copy that does not validate is refused whole and
 * named in a notice; it is first kept aside, as it was, under a key of its own (idb.ts), so
 * that nothing the user made is written over until they export or delete it. A copy taken from
 * the pending record is not marked as saved, so autosave writes it to IndexedDB as soon as it
 * starts, and removes the record once that lands.
 */
import type { LensDocument } from '../../io/document';
import { xorExample } from '../model/xorExample';
import type { EditorStore } from '../store/createEditorStore';
import { type AsideRecord, keepAside, loadDocument, type Restored, readAside } from './idb';
import { clearPending, type Pending, type PendingStorage, readPending } from './pending';
import { seenRevision } from './revision';
import type { Slot } from './slot';

type Copy = 'idb' | 'pending';
const COPY_NAME: Record<Copy, string> = {
  idb: 'the autosave',
  pending: 'the last edit, kept as the page closed,',
};

export interface RestoreChoice {
  readonly pick: { doc: LensDocument; unexported: boolean; from: Copy } | null;
  /** The copies refused, each with the path of its first problem. */
  readonly refused: readonly { copy: Copy; reason: string }[];
  /** The highest revision of a readable copy: the next save must go above it. */
  readonly revision: number;
  /** Unreadable copies kept aside, this time or before, until the user exports or deletes them. */
  readonly aside?: readonly AsideRecord[];
  /** The pending record is unreadable and could not be kept aside: leave it where it is. */
  readonly keepPending?: boolean;
  /** The IndexedDB copy and its writer: the common version of a merge with another tab (./slot). */
  readonly slot?: Slot | null;
}

export interface RestoreDeps {
  readonly load?: () => Promise<Restored>;
  /** localStorage unless given (tests). */
  readonly storage?: PendingStorage;
  /** Where unreadable copies go, and where they are listed from (IndexedDB unless given). */
  readonly keep?: (record: Omit<AsideRecord, 'key'>) => Promise<AsideRecord>;
  readonly listAside?: () => Promise<AsideRecord[]>;
  readonly now?: () => number;
}

/** On a tie the IndexedDB copy wins: the pending record then only repeats it. */
export function chooseRestored(stored: Restored, pending: Pending): RestoreChoice {
  const refused: { copy: Copy; reason: string }[] = [];
  if (stored.kind === 'bad') refused.push({ copy: 'idb', reason: stored.reason });
  if (pending.kind === 'bad') refused.push({ copy: 'pending', reason: pending.reason });
  const idb = stored.kind === 'ok' ? stored : null;
  const late = pending.kind === 'ok' ? pending : null;
  const revision = Math.max(idb?.revision ?? 0, late?.revision ?? 0);
  if (late && (!idb || late.revision > idb.revision))
    return { pick: { doc: late.doc, unexported: late.unexported, from: 'pending' }, refused, revision };
  if (idb) return { pick: { doc: idb.doc, unexported: idb.unexported, from: 'idb' }, refused, revision };
  return { pick: null, refused, revision };
}

export async function readSaved({
  load = loadDocument,
  storage,
  keep = keepAside,
  listAside = readAside,
  now = Date.now,
}: RestoreDeps = {}): Promise<RestoreChoice> {
  // The list of copies kept aside is read beside the autosave (one wait on IndexedDB, not two),
  // and read again below only when this start keeps another.
  const listed = listAside().catch((): AsideRecord[] => []);
  const stored = await load().catch(
    (e: unknown): Restored => ({ kind: 'bad', reason: e instanceof Error ? e.message : String(e) }),
  );
  const pending = readPending(storage);
  const choice = chooseRestored(stored, pending);
  // Unreadable copies go aside as they are, before autosave may write its own slot again.
  const keptAt = now();
  if (stored.kind === 'bad' && stored.raw !== undefined)
    await keep({ copy: 'idb', reason: stored.reason, keptAt, raw: stored.raw }).catch(() => null);
  let keepPending = false;
  if (pending.kind === 'bad' && pending.raw !== undefined)
    keepPending =
      (await keep({ copy: 'pending', reason: pending.reason, keptAt, raw: pending.raw }).catch(() => null)) === null;
  const kept =
    (stored.kind === 'bad' && stored.raw !== undefined) || (pending.kind === 'bad' && pending.raw !== undefined);
  const aside = kept ? await listAside().catch((): AsideRecord[] => []) : await listed;
  // The pending copy was based on another write than the slot's (another tab wrote since): with
  // no common version known, the first save merges both ways and sets the slot's copy aside.
  const written = stored.kind === 'ok' ? (stored.writer ?? null) : null;
  const basedOn = choice.pick?.from === 'pending' && pending.kind === 'ok' ? (pending.base ?? null) : written;
  const slot = stored.kind === 'ok' && basedOn === written ? { doc: stored.doc, writer: written } : null;
  return { ...choice, aside, keepPending, slot };
}

/**
 * `shown`: the example is on the canvas already (a first visit draws it before IndexedDB answers:
 * ./firstVisit.ts); with nothing stored it stays, with whatever the user did to it meanwhile.
 */
export function applyRestored(
  store: EditorStore,
  { pick, refused, revision, aside = [], keepPending = false, slot = null }: RestoreChoice,
  storage?: PendingStorage,
  shown = false,
) {
  const s = store.getState();
  seenRevision(revision);
  s.setView({ unreadable: aside, slot });
  if (pick) {
    s.setDocument(pick.doc, false, 'restore');
    s.setView({ savedDoc: pick.from === 'idb' ? pick.doc : null, exportedDoc: pick.unexported ? null : pick.doc });
  } else if (!shown) {
    s.setDocument(xorExample(), true, 'restore');
  }
  // A record not chosen is older than IndexedDB's copy, or refused and kept aside: done with.
  if (pick?.from !== 'pending' && !keepPending) clearPending(undefined, storage);
  const notice = describeRefused({ pick, refused, revision });
  if (notice) s.notify(notice, 'error');
  if (!shown) store.temporal.getState().clear();
}

/** The store as a first visit starts it: the example drawn, as restoring nothing would leave it. */
export function showFirstExample(store: EditorStore): void {
  store.getState().setDocument(xorExample(), true, 'restore');
  store.temporal.getState().clear();
}

/** At most one copy is refused when the other is open, so the notice can name both. */
export function describeRefused({ pick, refused }: RestoreChoice): string | null {
  if (refused.length === 0) return null;
  const reasons = refused.map((r) => r.reason).join('; ');
  if (!pick) return `The saved diagram could not be read (${reasons}); the XOR example is open instead.`;
  const what = COPY_NAME[refused[0].copy];
  return `${what[0].toUpperCase()}${what.slice(1)} could not be read (${reasons}); ${COPY_NAME[pick.from]} is open instead.`;
}

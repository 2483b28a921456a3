/**
 * Never lose work: the document is saved a moment after each edit, and at once when asked
 * (the page is hidden or left). Each save writes the pending record to localStorage
 * synchronously, since a page being left does not wait for IndexedDB to open, then starts the
 * IndexedDB save under the same revision; the record is removed once that save lands. Both carry
 * a flag saying whether the document holds changes never exported, so a reload still knows the
 * work is unsaved. A failed IndexedDB save sets `saveError` (the banner offering export) and
 * leaves the pending record in place; the next successful save clears both.
 *
 * The slot is shared with other tabs (./slot): a save that finds another tab's edits there merges
 * them in, shows the result in this tab, and puts the other version aside (the banner offering
 * it) when edits collided; `sync` (another tab said it saved) takes the other tab's document when
 * it already holds every edit of this one.
 *
 * A big document (1,500 boxes or more, or past the pending record's limit) saved after an edit is
 * stored as its JSON text in a Blob, made first a slice at a time (../jsonSlices), so that opening a model
 * of thousands of boxes does not freeze the page while it is copied; a save asked for at once
 * (the page hidden or left) does not wait for the slices (docs/architecture.md, "Opening a big
 * file").
 */
import type { LensDocument } from '../../io/document';
import { MAX_DOCUMENT_CHARS } from '../../io/parse';
import { type DocumentJson, documentJson } from '../jsonSlices';
import type { EditorStore } from '../store/createEditorStore';
import { hasUnsavedWork } from '../store/unsaved';
import { type SlotSaved, saveToSlot } from './idb';
import { jsonLongerThan } from './jsonSize';
import { mergeDocuments } from './merge';
import { clearPending, PENDING_LIMIT, type PendingStorage, writePending } from './pending';
import { nextRevision } from './revision';
import type { SaveRequest } from './slot';

export const AUTOSAVE_DELAY_MS = 400;
/** From this many boxes on (as from this size of text), a save's copy is made in slices. */
export const SLICED_FROM_BOXES = 1500;

export interface AutosaveDeps {
  /** A plain write, no other tab considered (tests); else `slot`. */
  readonly save?: (doc: LensDocument, unexported: boolean, revision: number) => Promise<unknown>;
  /** The shared slot (IndexedDB unless given). */
  readonly slot?: (req: SaveRequest) => Promise<SlotSaved>;
  /** This tab's name in the writers' signatures (random unless given). */
  readonly tab?: string;
  /** Tells the other tabs that this one wrote the slot. */
  readonly announce?: () => void;
  /** localStorage unless given (tests). */
  readonly storage?: PendingStorage;
}

export interface Autosaver {
  /** Saves now if the document or its flag changed since the last save started; never throws. */
  flush(): void;
  /** Another tab saved: takes its document if it holds every edit of this one (else the next save merges). */
  sync(): void;
  /** Flushes, then stops following the store. */
  dispose(): void;
}

interface Sent {
  readonly doc: LensDocument | null;
  readonly unexported: boolean | null;
}
const NOTHING: Sent = { doc: null, unexported: null };

export function createAutosaver(store: EditorStore, deps: AutosaveDeps = {}): Autosaver {
  const { storage } = deps;
  const tab = deps.tab ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const slot = deps.slot ?? ((req: SaveRequest) => saveToSlot(req));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const first = store.getState();
  // What the latest save started holds. A document restored from IndexedDB is there already;
  // anything else (the example, a copy restored from the pending record) is saved on first flush.
  let sent: Sent = first.doc === first.savedDoc ? { doc: first.doc, unexported: hasUnsavedWork(first) } : NOTHING;
  /** The slot as this tab last read or wrote it: the common version of a merge (./slot). */
  const base = { current: first.slot };

  /** The big document whose text is being made for its save, if one is. */
  let slicing: { readonly doc: LensDocument; cancelled: boolean } | null = null;

  const write = (doc: LensDocument, unexported: boolean, revision: number, mode: SaveRequest['mode'], json?: Blob) => {
    if (deps.save)
      return deps
        .save(doc, unexported, revision)
        .then((): SlotSaved => ({ outcome: { kind: 'written' }, aside: null }));
    const made = json === undefined ? {} : { json };
    return slot({ doc, unexported, revision, writer: `${tab}:${revision}`, mode, base, ...made });
  };

  /** The slot held another tab's edits: this tab shows them too, over any edit made since `mine` was sent. */
  const take = (mine: LensDocument, theirs: LensDocument) => {
    const now = store.getState().doc;
    const next = now === mine ? theirs : mergeDocuments(mine, now, theirs).doc;
    if (next !== now) store.setState({ doc: next });
    if (next === theirs) sent = { doc: next, unexported: hasUnsavedWork(store.getState()) };
  };

  const landed = (doc: LensDocument, { outcome, aside }: SlotSaved) => {
    const view = store.getState();
    if (outcome.kind === 'unchanged') return;
    if (outcome.kind === 'written') view.setView({ savedDoc: doc, saveError: null });
    else {
      view.setView({ savedDoc: outcome.doc, saveError: null });
      take(doc, outcome.doc);
    }
    if (aside) store.getState().setView({ unreadable: [...store.getState().unreadable, aside] });
    if (outcome.kind !== 'adopted') deps.announce?.();
  };

  /** `json`: the document's text made in slices, when it was (a big document). */
  const start = (mode: SaveRequest['mode'], json?: DocumentJson) => {
    const s = store.getState();
    const { doc } = s;
    const unexported = hasUnsavedWork(s);
    const mine: Sent = { doc, unexported };
    if (mode === 'save') sent = mine;
    const revision = nextRevision();
    // a text made and not kept (past the pending record's limit) is too long for the record
    if (mode === 'save' && json?.text !== null)
      writePending(doc, unexported, revision, storage, base.current?.writer ?? undefined, json?.text);
    let saving: Promise<SlotSaved>;
    try {
      saving = write(doc, unexported, revision, mode, json && json.chars <= MAX_DOCUMENT_CHARS ? json.blob : undefined);
    } catch (e) {
      saving = Promise.reject(e);
    }
    saving.then(
      (saved) => {
        if (mode === 'save') clearPending(revision, storage);
        landed(doc, saved);
      },
      (e: unknown) => {
        if (sent === mine) sent = NOTHING;
        store.getState().setView({ saveError: e instanceof Error ? e.message : String(e) });
      },
    );
  };

  const changed = () => {
    const s = store.getState();
    return s.doc !== sent.doc || hasUnsavedWork(s) !== sent.unexported;
  };

  /** Saves now, whole: a big document's text still being made is not waited for. */
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (slicing) {
      slicing.cancelled = true;
      slicing = null;
      sent = NOTHING;
    }
    if (changed()) start('save');
  };

  /** A big document's save once its text is made (the page kept in use meanwhile). */
  const startSliced = () => {
    const s = store.getState();
    const job = { doc: s.doc, cancelled: false };
    slicing = job;
    sent = { doc: s.doc, unexported: hasUnsavedWork(s) };
    documentJson(job.doc).then(
      (json) => {
        if (job.cancelled) return;
        slicing = null;
        // an edit since: its own save (a moment later) stores it
        if (store.getState().doc !== job.doc) return;
        start('save', json);
      },
      () => {
        if (job.cancelled) return;
        slicing = null;
        start('save');
      },
    );
  };

  /** The save a moment after an edit. */
  const flushSoon = () => {
    timer = undefined;
    if (slicing?.doc === store.getState().doc || !changed()) return;
    if (slicing) slicing.cancelled = true;
    const { doc } = store.getState();
    if (!deps.save && (doc.boxes.length >= SLICED_FROM_BOXES || jsonLongerThan(doc, PENDING_LIMIT))) startSliced();
    else start('save');
  };

  const sync = () => {
    const s = store.getState();
    // Edits of this tab not saved yet: a save now merges both ways.
    if (s.doc !== sent.doc) flush();
    else if (!deps.save) start('sync');
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.doc === prev.doc && s.exportedDoc === prev.exportedDoc) return;
    clearTimeout(timer);
    timer = setTimeout(flushSoon, AUTOSAVE_DELAY_MS);
  });

  return {
    flush,
    sync,
    dispose() {
      flush();
      unsubscribe();
    },
  };
}

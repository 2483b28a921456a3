/**
 * Never lose work: the document is saved a moment after each edit, and at once when asked
 * (the page is hidden or left). Each save writes the pending record to localStorage
 * synchronously, since a page being left does not wait for IndexedDB to open, then starts the
 * IndexedDB save under the same revision; the record is removed once that save lands. Both carry
 * a flag saying whether the document holds changes never exported, so a reload still knows the
 * work is unsaved. A failed IndexedDB save sets `saveError` (the banner offering export) and
 * leaves the pending record in place; the next successful save clears both.
 */
import type { LensDocument } from '../../io/document';
import type { EditorStore } from '../store/createEditorStore';
import { hasUnsavedWork } from '../store/unsaved';
import { saveDocument } from './idb';
import { clearPending, type PendingStorage, writePending } from './pending';
import { nextRevision } from './revision';

export const AUTOSAVE_DELAY_MS = 400;

export interface AutosaveDeps {
  readonly save?: (doc: LensDocument, unexported: boolean, revision: number) => Promise<unknown>;
  /** localStorage unless given (tests). */
  readonly storage?: PendingStorage;
}

export interface Autosaver {
  /** Saves now if the document or its flag changed since the last save started; never throws. */
  flush(): void;
  /** Flushes, then stops following the store. */
  dispose(): void;
}

interface Sent {
  readonly doc: LensDocument | null;
  readonly unexported: boolean | null;
}
const NOTHING: Sent = { doc: null, unexported: null };

export function createAutosaver(store: EditorStore, { save = saveDocument, storage }: AutosaveDeps = {}): Autosaver {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const first = store.getState();
  // What the latest save started holds. A document restored from IndexedDB is there already;
  // anything else (the example, a copy restored from the pending record) is saved on first flush.
  let sent: Sent = first.doc === first.savedDoc ? { doc: first.doc, unexported: hasUnsavedWork(first) } : NOTHING;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const s = store.getState();
    const { doc } = s;
    const unexported = hasUnsavedWork(s);
    if (doc === sent.doc && unexported === sent.unexported) return;
    const mine: Sent = { doc, unexported };
    sent = mine;
    const revision = nextRevision();
    writePending(doc, unexported, revision, storage);
    let saving: Promise<unknown>;
    try {
      saving = save(doc, unexported, revision);
    } catch (e) {
      saving = Promise.reject(e);
    }
    saving.then(
      () => {
        clearPending(revision, storage);
        store.getState().setView({ savedDoc: doc, saveError: null });
      },
      (e: unknown) => {
        if (sent === mine) sent = NOTHING;
        store.getState().setView({ saveError: e instanceof Error ? e.message : String(e) });
      },
    );
  };

  const unsubscribe = store.subscribe((s, prev) => {
    if (s.doc === prev.doc && s.exportedDoc === prev.exportedDoc) return;
    clearTimeout(timer);
    timer = setTimeout(flush, AUTOSAVE_DELAY_MS);
  });

  return {
    flush,
    dispose() {
      flush();
      unsubscribe();
    },
  };
}

/**
 * The editor's document and the training sessions, tied: every change of the document goes to
 * the session of the document it belongs to (./documentKeys.ts), shown on the shelf
 * (./sessionShelf.ts). Plain code, no React: the page's provider and the model-based tests use
 * the same wiring.
 */
import type { EditorStore } from '../../editor/store/createEditorStore';
import type { EditorState } from '../../editor/store/types';
import { DocumentKeys } from './documentKeys';
import { SessionShelf, type ShelfHooks } from './sessionShelf';
import type { TrainSession } from './trainSession';

export interface DocumentSessions {
  readonly shelf: SessionShelf;
  readonly keys: DocumentKeys;
  /** The key of the document open in the editor. */
  readonly key: () => string;
  /** Follows the editor's document until the returned function is called (an effect's life). */
  readonly connect: () => () => void;
  readonly dispose: () => void;
}

export function documentSessions(
  store: EditorStore,
  make: () => TrainSession,
  hooks: ShelfHooks = {},
  cap?: number,
): DocumentSessions {
  const keys = new DocumentKeys();
  let { doc, opened } = store.getState();
  const shelf = new SessionShelf(make, keys.first(doc, store.getState().openedAs), hooks, cap);
  let key = shelf.key;
  shelf.session.documentChanged(doc);
  const follow = (now: EditorState) => {
    if (now.doc === doc) return;
    // An open (the editor counts them) shows the opened document's own session; an edit, an
    // undo or a redo stays with, or goes back to, the document it belongs to.
    const as = now.opened !== opened ? now.openedAs : null;
    key = keys.of(now.doc, doc, as);
    doc = now.doc;
    opened = now.opened;
    shelf.show(key).documentChanged(now.doc);
  };
  return {
    shelf,
    keys,
    key: () => key,
    connect: () => {
      follow(store.getState()); // what changed while nobody followed
      return store.subscribe(follow);
    },
    dispose: () => shelf.dispose(),
  };
}

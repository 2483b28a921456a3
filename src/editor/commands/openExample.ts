/**
 * Opening an example document: at once when nothing would be lost, else after the in-app
 * "discard unsaved changes?" question (overlays/DiscardDialog.tsx). Undo brings the replaced
 * diagram back, as after "New diagram".
 */
import { loadExample } from '../../io/examples';
import type { EditorStore } from '../store/createEditorStore';
import { hasUnsavedWork } from '../store/unsaved';

/** Replaces the document by the example, unasked; it opens with nothing unsaved. */
export function startExample(store: EditorStore, id: string): void {
  const doc = loadExample(id);
  const s = store.getState();
  s.setView({ discardPrompt: false, overlay: null });
  s.leaveTo(undefined);
  s.setDocument(doc, true, 'example');
}

export function openExample(store: EditorStore, id: string): void {
  const s = store.getState();
  if (hasUnsavedWork(s)) s.setView({ overlay: null, discardPrompt: { next: 'example', id } });
  else startExample(store, id);
}

import { emptyDocument } from '../model/emptyDocument';
import type { EditorStore } from '../store/createEditorStore';
import { hasUnsavedWork } from '../store/unsaved';
import { defineCommand } from './command';

/** Starts an empty diagram at once (undo brings the old one back). */
export function startNewDiagram(store: EditorStore): void {
  const s = store.getState();
  s.setView({ discardPrompt: false });
  s.leaveTo(undefined);
  s.setDocument(emptyDocument(), true, 'new');
}

/** Asks first (an in-app dialog) when there is unsaved work to lose (see store/unsaved.ts). */
export const newDiagram = defineCommand({
  id: 'new',
  label: 'New diagram',
  keys: ['alt+n'],
  run: ({ store }) =>
    hasUnsavedWork(store.getState())
      ? store.getState().setView({ discardPrompt: { next: 'new' } })
      : startNewDiagram(store),
});

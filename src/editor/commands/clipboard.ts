/**
 * The clipboard: the system one (so boxes travel between tabs) holding a fragment as JSON, and
 * a copy kept here for when the browser will not let us read the system one.
 */
import { type Fragment, makeFragment, parseFragment } from '../model/fragment';
import type { EditorStore } from '../store/createEditorStore';

let lastCopied: Fragment | null = null;

export function copyText(store: EditorStore): string | null {
  const { doc, selectedNodes } = store.getState();
  if (selectedNodes.length === 0) return null;
  lastCopied = makeFragment(doc, selectedNodes);
  return JSON.stringify(lastCopied);
}

/** Pastes clipboard text; foreign content is ignored, with a notice saying so. */
export function pasteText(store: EditorStore, text: string | null): void {
  const fragment = text === null ? lastCopied : parseFragment(text);
  if (!fragment) {
    store.getState().notify('The clipboard holds no Lensboard boxes, so nothing was pasted.', 'error');
    return;
  }
  store.getState().paste(fragment);
}

export async function readSystemClipboard(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}

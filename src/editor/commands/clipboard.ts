/**
 * The clipboard: the system one (so boxes travel between tabs) holding a fragment as JSON, and
 * a copy kept here for when the browser will not let us read the system one.
 */
import { type Fragment, makeFragment, readFragment } from '../model/fragment';
import type { EditorStore } from '../store/createEditorStore';

let lastCopied: Fragment | null = null;

export function copyText(store: EditorStore): string | null {
  const { doc, selectedNodes } = store.getState();
  if (selectedNodes.length === 0) return null;
  lastCopied = makeFragment(doc, selectedNodes);
  return JSON.stringify(lastCopied);
}

/**
 * Pastes clipboard text; foreign content is ignored, and Lensboard boxes the checks refuse
 * (io/parse.ts) are not pasted, each with a notice saying so and where.
 */
export function pasteText(store: EditorStore, text: string | null): void {
  const read = text === null ? (lastCopied ? { ok: true as const, fragment: lastCopied } : null) : readFragment(text);
  if (!read || (!read.ok && read.foreign)) {
    store.getState().notify('The clipboard holds no Lensboard boxes, so nothing was pasted.', 'error');
    return;
  }
  if (!read.ok) {
    const [first] = read.errors;
    const more = read.errors.length > 1 ? ` (and ${read.errors.length - 1} more)` : '';
    const where = first.path ? `${first.path}: ` : '';
    store
      .getState()
      .notify(`The copied boxes were refused, so nothing was pasted: ${where}${first.message}${more}.`, 'error');
    return;
  }
  store.getState().paste(read.fragment);
}

export async function readSystemClipboard(): Promise<string | null> {
  try {
    return await navigator.clipboard.readText();
  } catch {
    return null;
  }
}

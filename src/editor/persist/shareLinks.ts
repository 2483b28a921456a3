/**
 * Opening a share link (io/shareLink.ts): when the page starts with one in its hash, or one is
 * pasted into the address bar of an open page. The link's diagram never replaces the diagram
 * kept in this browser unasked: over an autosaved diagram or unsaved work the "discard?"
 * question comes first, as for Open. Its flags hide panels and lock the diagram for this visit (store/lock.ts); the hash is then
 * removed, so a reload opens the browser's own diagram again (still locked if it is the link's
 * drawing: keptLocks.ts). A link that carries a lesson opens the lesson with its diagram (the
 * lock, if any, holds that diagram), always at its first step.
 */
import { readShareHash } from '../../io/shareLink';
import type { EditorStore } from '../store/createEditorStore';
import type { AcceptedFile } from '../store/types';
import { hasUnsavedWork } from '../store/unsaved';
import { keepLock } from './keptLocks';
import { startOpened } from './openFiles';

export const LINK_NAME = 'the shared link';

function dropHash(): void {
  if (typeof window === 'undefined' || !window.location.hash) return;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
}

export async function openShareLink(store: EditorStore, hash: string): Promise<void> {
  const link = await readShareHash(hash);
  if (link.kind === 'none') return;
  dropHash();
  const s = store.getState();
  if (link.kind === 'error') {
    s.setView({ openProblem: { file: LINK_NAME, errors: link.errors } });
    return;
  }
  s.setView({ hiddenPanels: link.flags.hide });
  if (link.flags.lock) {
    s.lockBoxes(link.flags.lock, link.doc);
    keepLock(link.flags.lock, link.doc);
  }
  if (link.keyRefused) s.notify('The link’s key does not open its lock: the diagram stays locked.', 'error');
  const opened: AcceptedFile =
    link.kind === 'lesson'
      ? { kind: 'lesson', lesson: link.lesson, doc: link.doc }
      : link.migratedFrom === undefined
        ? { kind: 'document', doc: link.doc }
        : { kind: 'document', doc: link.doc, migratedFrom: link.migratedFrom };
  const same = JSON.stringify(s.doc) === JSON.stringify(link.doc);
  if (same && link.kind === 'document') return; // already open: only the flags change
  const kept = s.savedDoc !== null && s.doc === s.savedDoc;
  if (!same && (hasUnsavedWork(s) || kept))
    s.setView({ overlay: null, discardPrompt: { next: 'file', file: LINK_NAME, opened, link: true } });
  else startOpened(store, LINK_NAME, opened);
}

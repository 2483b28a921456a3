/**
 * Never lose work: the document is saved to IndexedDB a moment after each edit, and at once
 * when the page is hidden or left (pagehide, visibilitychange), with a flag saying whether it
 * holds changes never exported, so a reload still knows the work is unsaved. A failed save is
 * shown as a banner offering export; the next successful save clears it.
 */
import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { hasUnsavedWork } from '../store/unsaved';
import { saveDocument } from './idb';

const DELAY_MS = 400;

export function useAutosave(store: EditorStore, enabled: boolean, save = saveDocument): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let savedFlag: boolean | null = null;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const s = store.getState();
      const { doc, savedDoc } = s;
      const unexported = hasUnsavedWork(s);
      if (doc === savedDoc && unexported === savedFlag) return;
      save(doc, unexported).then(
        () => {
          savedFlag = unexported;
          store.getState().setView({ savedDoc: doc, saveError: null });
        },
        (e: unknown) => store.getState().setView({ saveError: e instanceof Error ? e.message : String(e) }),
      );
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.doc === prev.doc && s.exportedDoc === prev.exportedDoc) return;
      clearTimeout(timer);
      timer = setTimeout(flush, DELAY_MS);
    });
    const onHide = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      flush();
      unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [store, enabled, save]);
}

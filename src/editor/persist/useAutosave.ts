/**
 * Never lose work: the document is saved to IndexedDB a moment after each edit, and at once
 * when the page is hidden or left (pagehide, visibilitychange). A failed save is shown as a
 * banner offering export; the next successful save clears it.
 */
import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { saveDocument } from './idb';

const DELAY_MS = 400;

export function useAutosave(store: EditorStore, enabled: boolean, save = saveDocument): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const flush = () => {
      clearTimeout(timer);
      timer = undefined;
      const { doc, savedDoc } = store.getState();
      if (doc === savedDoc) return;
      save(doc).then(
        () => store.getState().setView({ savedDoc: doc, saveError: null }),
        (e: unknown) => store.getState().setView({ saveError: e instanceof Error ? e.message : String(e) }),
      );
    };
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.doc === prev.doc) return;
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

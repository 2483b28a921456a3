/**
 * Autosave, wired to the page: saves at once when enabled (a restored copy that IndexedDB does
 * not hold yet), a moment after each edit, and when the page is hidden or left (pagehide,
 * visibilitychange), where the pending record is written before the handler returns.
 */
import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { type AutosaveDeps, createAutosaver } from './autosaver';

/** `deps` (tests) must keep its identity across renders, or autosave restarts each time. */
export function useAutosave(store: EditorStore, enabled: boolean, deps?: AutosaveDeps): void {
  useEffect(() => {
    if (!enabled) return;
    const autosaver = createAutosaver(store, deps);
    autosaver.flush();
    const onHide = () => document.visibilityState === 'hidden' && autosaver.flush();
    window.addEventListener('pagehide', autosaver.flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      autosaver.dispose();
      window.removeEventListener('pagehide', autosaver.flush);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [store, enabled, deps]);
}

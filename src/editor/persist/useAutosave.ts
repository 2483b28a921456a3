/**
 * Autosave, wired to the page: saves at once when enabled (a restored copy that IndexedDB does
 * not hold yet), a moment after each edit, and when the page is hidden or left (pagehide,
 * visibilitychange), where the pending record is written before the handler returns. Tabs tell
 * each other on a BroadcastChannel when they wrote the shared slot, so each takes the other's
 * edits as they come (./slot), not only at its own next save.
 */
import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { type AutosaveDeps, createAutosaver } from './autosaver';

export const SAVED_CHANNEL = 'lensboard-autosave';

const openChannel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SAVED_CHANNEL);

/** `deps` (tests) must keep its identity across renders, or autosave restarts each time. */
export function useAutosave(store: EditorStore, enabled: boolean, deps?: AutosaveDeps): void {
  useEffect(() => {
    if (!enabled) return;
    const channel = deps ? null : openChannel();
    const autosaver = createAutosaver(store, {
      ...deps,
      announce: deps?.announce ?? (() => channel?.postMessage('saved')),
    });
    if (channel) channel.onmessage = (e) => e.data === 'saved' && autosaver.sync();
    autosaver.flush();
    const onHide = () => document.visibilityState === 'hidden' && autosaver.flush();
    window.addEventListener('pagehide', autosaver.flush);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      autosaver.dispose();
      channel?.close();
      window.removeEventListener('pagehide', autosaver.flush);
      document.removeEventListener('visibilitychange', onHide);
    };
  }, [store, enabled, deps]);
}

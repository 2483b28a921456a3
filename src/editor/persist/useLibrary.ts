/** Loads "My boxes" on start, writes them back whenever they change, and follows other tabs. */
import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { LIBRARY_KEY, readLibrary, writeLibrary } from './library';

export function useLibrary(store: EditorStore): void {
  useEffect(() => {
    store.getState().setView({ library: readLibrary() });
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.library === prev.library || writeLibrary(s.library)) return;
      s.notify('“My boxes” could not be saved in this browser; they last until the tab closes.', 'error');
    });
    const onStorage = (e: StorageEvent) =>
      e.key === LIBRARY_KEY && store.getState().setView({ library: readLibrary() });
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, [store]);
}

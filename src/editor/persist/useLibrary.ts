/**
 * Loads "My boxes" on start, writes them back whenever they change, and follows other tabs.
 * A refused write leaves the list in the store as the user made it, and says so. A library
 * that a newer Lensboard stored is never overwritten: changes then last until the tab closes,
 * and the user is told once.
 */
import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { LIBRARY_KEY, newerLibraryVersion, readLibrary, writeLibrary } from './library';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;
type Events = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/** Keeps the store's library and storage in step until the returned function is called. */
export function keepLibrary(store: EditorStore, storage?: Storage, events: Events = window): () => void {
  store.getState().setView({ library: readLibrary(storage) });
  let newer = newerLibraryVersion(storage);
  let told = false;
  const unsubscribe = store.subscribe((s, prev) => {
    if (s.library === prev.library) return;
    if (newer !== null) {
      if (!told)
        s.notify(
          `“My boxes” in this browser were saved by a newer Lensboard (format ${newer}); this tab keeps its changes to them until it closes and does not overwrite them.`,
          'error',
        );
      told = true;
      return;
    }
    const problem = writeLibrary(s.library, storage);
    if (problem === null) return;
    s.notify(
      `“My boxes” could not be saved in this browser (${problem}); changes to them last until the tab closes.`,
      'error',
    );
  });
  // A null key: another tab cleared the whole storage.
  const onStorage = (e: Event) => {
    const key = (e as StorageEvent).key;
    if (key !== LIBRARY_KEY && key !== null) return;
    newer = newerLibraryVersion(storage);
    store.getState().setView({ library: readLibrary(storage) });
  };
  events.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    events.removeEventListener('storage', onStorage);
  };
}

export function useLibrary(store: EditorStore): void {
  useEffect(() => keepLibrary(store), [store]);
}

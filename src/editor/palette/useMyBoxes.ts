/**
 * Removing and renaming saved boxes from the palette. Both change the library alone (never the
 * document: placed copies are its own data); the latest removal can be undone.
 */
import { useCallback, useEffect, useState } from 'react';
import { hasCopy, type RemovedBox, removeSaved, renameSaved, restoreSaved } from '../model/library';
import { useEditorStoreApi } from '../store/EditorStoreContext';

export interface Removal {
  readonly id: number;
  readonly removed: RemovedBox;
  /** The open document holds a copy, which stays (and keeps a "My boxes" entry of its own). */
  readonly copyStays: boolean;
}

let removals = 0;

export function useMyBoxes() {
  const store = useEditorStoreApi();
  const [removal, setRemoval] = useState<Removal | null>(null);
  const [focusKey, setFocusKey] = useState<string | null>(null);
  // Child effects run first: the entry named by focusKey has taken the focus by now.
  useEffect(() => {
    if (focusKey !== null) setFocusKey(null);
  }, [focusKey]);

  const remove = useCallback(
    (key: string) => {
      const s = store.getState();
      const r = removeSaved(s.library, key);
      if (!r.removed) return;
      s.setView({ library: r.library });
      removals += 1;
      setRemoval({ id: removals, removed: r.removed, copyStays: hasCopy(s.doc, key) });
    },
    [store],
  );
  const undo = useCallback(() => {
    if (!removal) return;
    const s = store.getState();
    s.setView({ library: restoreSaved(s.library, removal.removed) });
    setRemoval(null);
    setFocusKey(removal.removed.box.key);
  }, [store, removal]);
  const dismiss = useCallback(() => setRemoval(null), []);
  const rename = useCallback(
    (key: string, next: string, alsoTaken: readonly string[]): string | null => {
      const s = store.getState();
      const r = renameSaved(s.library, key, next, alsoTaken);
      if (!r.ok) return r.reason;
      if (r.library !== s.library) s.setView({ library: r.library });
      return null;
    },
    [store],
  );
  return { removal, focusKey, remove, undo, dismiss, rename };
}

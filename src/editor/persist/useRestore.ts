/** Restores the document on start (restore.ts); true once the editor may be used and saved. */
import { useEffect, useState } from 'react';
import type { EditorStore } from '../store/createEditorStore';
import { applyRestored, readSaved } from './restore';

export function useRestore(store: EditorStore): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    readSaved().then((choice) => {
      if (!live) return;
      applyRestored(store, choice);
      setReady(true);
    });
    return () => {
      live = false;
    };
  }, [store]);
  return ready;
}

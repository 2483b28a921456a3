/**
 * Live compile: every edit re-compiles the document a moment later (debounced), and the result
 * (errors, inferred types, the term) is put in the view slice for boxes, wires and panels.
 */
import { useEffect } from 'react';
import type { EditorStore } from '../store/createEditorStore';

export const COMPILE_DELAY_MS = 150;

export function useLiveCompile(store: EditorStore): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      const { doc } = store.getState();
      store.getState().setView({ compiled: store.compile(doc) });
    };
    run();
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.doc === prev.doc) return;
      clearTimeout(timer);
      timer = setTimeout(run, COMPILE_DELAY_MS);
    });
    return () => {
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store]);
}

/**
 * Live compile: every edit re-compiles the document a moment later (debounced), and the result
 * (errors, inferred types, the term) is put in the view slice for boxes, wires and panels. The
 * diagram the page opens with is compiled after the first paint (docs/architecture.md, "The first
 * screen"): its boxes are drawn first, their types a moment later.
 */
import { useEffect } from 'react';
import { afterFirstPaint } from '../afterFirstPaint';
import type { EditorStore } from '../store/createEditorStore';

export const COMPILE_DELAY_MS = 150;

export function useLiveCompile(store: EditorStore): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      const { doc } = store.getState();
      store.getState().setView({ compiled: store.compile(doc) });
    };
    const cancelFirst = afterFirstPaint(run, 500);
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.doc === prev.doc) return;
      cancelFirst();
      clearTimeout(timer);
      timer = setTimeout(run, COMPILE_DELAY_MS);
    });
    return () => {
      cancelFirst();
      clearTimeout(timer);
      unsubscribe();
    };
  }, [store]);
}

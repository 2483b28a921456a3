/**
 * Live compile: every edit re-compiles the document a moment later (debounced), and the result
 * (errors, inferred types, the term) is put in the view slice for boxes, wires and panels. The
 * diagram the page opens with is compiled after the first paint (docs/architecture.md, "The first
 * screen"): its boxes are drawn first, their types a moment later. A big document (a big ONNX
 * model opened, ./compileOffThread.ts) is compiled in a worker while the status bar says so; its
 * result is kept as the store's compile of that document, so nothing compiles it again here.
 */
import { useEffect } from 'react';
import { afterFirstPaint } from '../afterFirstPaint';
import type { EditorStore } from '../store/createEditorStore';
import { compileOffThread, compilesOffThread } from './compileOffThread';

export const COMPILE_DELAY_MS = 150;

export function useLiveCompile(store: EditorStore): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const run = () => {
      const { doc } = store.getState();
      if (!compilesOffThread(doc)) {
        store.getState().setView({ compiled: store.compile(doc), compiling: false });
        return;
      }
      store.getState().setView({ compiled: null, compiling: true });
      compileOffThread(doc).then(
        (result) => {
          store.compile.seed(doc, result);
          if (store.getState().doc === doc) store.getState().setView({ compiled: result, compiling: false });
        },
        // the worker failed: compiled here after all (the freeze is better than no types)
        () =>
          store.getState().doc === doc && store.getState().setView({ compiled: store.compile(doc), compiling: false }),
      );
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

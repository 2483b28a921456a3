/**
 * The editor store, made by a factory so that every test (and every canvas) gets a fresh one.
 * Undo history covers the document alone, keeps at least 100 steps, and records a step only
 * when the document object changes.
 */
import { temporal } from 'zundo';
import { createStore } from 'zustand/vanilla';
import type { LensDocument } from '../../io/document';
import { type Compile, cachedCompile, compileDocument } from '../compile/compile';
import { documentSlice } from './documentSlice';
import { type History, historySlice } from './historySlice';
import { lockable, scopeLocks } from './lock';
import { selectionSlice } from './selectionSlice';
import type { EditorState } from './types';
import { viewSlice } from './viewSlice';

export interface EditorStoreOptions {
  readonly doc?: LensDocument;
  readonly compile?: Compile;
  readonly historyLimit?: number;
}

export function createEditorStore(opts: EditorStoreOptions = {}) {
  const compile = cachedCompile(opts.compile ?? compileDocument);
  const ref: { history?: ReturnType<History> } = {};
  const history: History = () => ref.history as ReturnType<History>;
  const store = createStore<EditorState>()(
    temporal(
      (set, get, api) =>
        lockable(
          {
            ...documentSlice(compile)(set, get, api),
            ...selectionSlice(set, get, api),
            ...viewSlice(set, get, api),
            ...historySlice(history)(set, get, api),
          },
          get,
        ),
      {
        limit: opts.historyLimit ?? 200,
        partialize: (s): { doc: LensDocument } => ({ doc: s.doc }),
        equality: (a, b) => a.doc === b.doc,
      },
    ),
  );
  ref.history = store.temporal;
  scopeLocks(store);
  if (opts.doc) store.setState({ doc: opts.doc, savedDoc: opts.doc, exportedDoc: opts.doc });
  store.temporal.getState().clear();
  return Object.assign(store, { compile });
}

export type EditorStore = ReturnType<typeof createEditorStore>;

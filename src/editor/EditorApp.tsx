/**
 * The editor, wired: one store per editor (made by the factory), restored from autosave or the
 * XOR example, compiled live, saved as it changes. The shell around it lays out the panels.
 */
import { ReactFlowProvider } from '@xyflow/react';
import { type ReactNode, useState } from 'react';
import { createProjection } from './canvas/flowProjection';
import { useCommandKeys } from './commands/useCommandKeys';
import { useLiveCompile } from './compile/useLiveCompile';
import { isFirstVisit } from './persist/firstVisit';
import { useKeptLocks } from './persist/keptLocks';
import { useOtherTabs } from './persist/otherTabs';
import { showFirstExample } from './persist/restore';
import { useAutosave } from './persist/useAutosave';
import { useLibrary } from './persist/useLibrary';
import { useRestore } from './persist/useRestore';
import { createEditorStore, type EditorStore } from './store/createEditorStore';
import { EditorStoreProvider } from './store/EditorStoreContext';

function EditorKeys({ store }: { store: EditorStore }) {
  useCommandKeys(store);
  return null;
}

/**
 * `children(shown)`: whether the canvas has its diagram — on a first visit at once (the example,
 * drawn before IndexedDB answers), else once restored. Saving waits for the restore either way.
 */
export function EditorApp({ children }: { children: (shown: boolean) => ReactNode }) {
  const [first] = useState(isFirstVisit);
  const [store] = useState(() => {
    const made = createEditorStore();
    if (first) showFirstExample(made);
    return made;
  });
  const [initial] = useState(() => {
    const s = store.getState();
    return first ? createProjection()(s.doc, s.scope, [], [], {}) : undefined;
  });
  const ready = useRestore(store, first);
  useKeptLocks(store);
  useAutosave(store, ready);
  useLiveCompile(store);
  useLibrary(store);
  useOtherTabs(store);
  if (import.meta.env.DEV || new URLSearchParams(window.location.search).has('debug'))
    Object.assign(window, { lensboardStore: store });
  return (
    <EditorStoreProvider store={store}>
      <ReactFlowProvider initialNodes={initial?.nodes} initialEdges={initial?.edges}>
        <EditorKeys store={store} />
        {children(ready || first)}
      </ReactFlowProvider>
    </EditorStoreProvider>
  );
}

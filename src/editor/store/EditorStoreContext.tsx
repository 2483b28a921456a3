/** The store reaches components through context, so every canvas (and every test) owns one. */
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { EditorStore } from './createEditorStore';
import type { EditorState } from './types';

const EditorStoreContext = createContext<EditorStore | null>(null);

export function EditorStoreProvider({ store, children }: { store: EditorStore; children: ReactNode }) {
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}

export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error('useEditorStoreApi outside EditorStoreProvider');
  return store;
}

export function useEditor<T>(selector: (s: EditorState) => T): T {
  return useStore(useEditorStoreApi(), selector);
}

/** One-line selectors over the editor store. */

import { useStore } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { useEditor, useEditorStoreApi } from './EditorStoreContext';

export const useDocument = () => useEditor((s) => s.doc);
export const useScope = () => useEditor((s) => s.scope);
export const useBox = (id: string) => useEditor((s) => s.doc.boxes.find((b) => b.id === id));
export const useGroup = (id: string) => useEditor((s) => s.doc.groups.find((g) => g.id === id));
export const useSelectedNodes = () => useEditor((s) => s.selectedNodes);
export const useSelectedWires = () => useEditor((s) => s.selectedWires);
export const useLensView = () => useEditor((s) => s.lensView);
export const useCompiled = () => useEditor((s) => s.compiled);
export const useNotice = () => useEditor((s) => s.notice);
export const useOverlay = () => useEditor((s) => s.overlay);
export const useHovered = () => useEditor((s) => s.hovered);
export const useActions = () => useEditorStoreApi().getState();
export const usePortType = (box: string, port: string) => useEditor((s) => s.compiled?.portTypes.get(`${box}:${port}`));
export const useWireType = (id: string) => useEditor((s) => s.compiled?.wireTypes.get(id));
export const useBoxErrors = (id: string) =>
  useEditor(useShallow((s) => (s.compiled?.errors ?? []).filter((e) => e.box === id)));
export const useWireErrors = (id: string) =>
  useEditor(useShallow((s) => (s.compiled?.errors ?? []).filter((e) => e.wire === id)));
export const useIsCompatible = (box: string, port: string) =>
  useEditor((s) => s.connecting?.compatible.has(`${box}:${port}`) ?? false);
export const useCanUndo = () => useStore(useEditorStoreApi().temporal, (t) => t.pastStates.length > 0);
export const useCanRedo = () => useStore(useEditorStoreApi().temporal, (t) => t.futureStates.length > 0);
export const useIsDirty = () => useEditor((s) => s.doc !== s.savedDoc);
export const useIsLinked = (id: string) => useEditor((s) => s.hovered === id);

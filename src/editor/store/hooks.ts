/** One-line selectors over the editor store. */

import { useStore } from 'zustand';
import { errorsOf } from '../model/errorIndex';
import { byId } from './byId';
import { useEditor, useEditorStoreApi } from './EditorStoreContext';

export const useDocument = () => useEditor((s) => s.doc);
export const useScope = () => useEditor((s) => s.scope);
/** By an index of the groups (./byId): every group node asks on every store change. */
export const useGroup = (id: string) => useEditor((s) => byId(s.doc.groups).get(id));
export const useSelectedNodes = () => useEditor((s) => s.selectedNodes);
export const useSelectedWires = () => useEditor((s) => s.selectedWires);
export const useLensView = () => useEditor((s) => s.lensView);
export const useCompiled = () => useEditor((s) => s.compiled);
export const useNotice = () => useEditor((s) => s.notice);
export const useOverlay = () => useEditor((s) => s.overlay);
/** Whether a wire carries bits (ℤ₂): drawn as a double line, a Boolean circuit's bus. */
export const useIsZ2Wire = (id: string) => useEditor((s) => s.compiled?.wireTypes.get(id)?.field === 'z2');
export const useBoxErrors = (id: string) => useEditor((s) => errorsOf(s.compiled, 'box', id));
export const useHasWireErrors = (id: string) => useEditor((s) => errorsOf(s.compiled, 'wire', id).length > 0);
export const useHasBoxErrors = (id: string) => useEditor((s) => errorsOf(s.compiled, 'box', id).length > 0);
export const useWireErrors = (id: string) => useEditor((s) => errorsOf(s.compiled, 'wire', id));
export const useIsCompatible = (box: string, port: string) =>
  useEditor((s) => s.connecting?.compatible.has(`${box}:${port}`) ?? false);
export const useCanUndo = () => useStore(useEditorStoreApi().temporal, (t) => t.pastStates.length > 0);
export const useCanRedo = () => useStore(useEditorStoreApi().temporal, (t) => t.futureStates.length > 0);
export const useIsLinked = (id: string) => useEditor((s) => s.hovered === id);

/**
 * A node's box as the document has it now: its config and label are read here, not from the
 * React Flow node (canvas/flowProjection.ts), so that an edit of one box re-renders that box alone
 * and leaves React Flow's nodes as they were.
 */
import type { BoxDoc } from '../../../io/document';
import { byId } from '../../store/byId';
import { useEditor } from '../../store/EditorStoreContext';

/** The boxes by id, made once per boxes array (the store replaces it when a box changes). */
export const boxIndex = (boxes: readonly BoxDoc[]): ReadonlyMap<string, BoxDoc> => byId(boxes);

export const useBox = (id: string): BoxDoc | undefined => useEditor((s) => boxIndex(s.doc.boxes).get(id));

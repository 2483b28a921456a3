/**
 * A node's box as the document has it now: its config and label are read here, not from the
 * React Flow node (canvas/flowProjection.ts), so that an edit of one box re-renders that box alone
 * and leaves React Flow's nodes as they were.
 */
import type { BoxDoc } from '../../../io/document';
import { useEditor } from '../../store/EditorStoreContext';

const indexes = new WeakMap<readonly BoxDoc[], ReadonlyMap<string, BoxDoc>>();

/** The boxes by id, made once per boxes array (the store replaces it when a box changes). */
export function boxIndex(boxes: readonly BoxDoc[]): ReadonlyMap<string, BoxDoc> {
  let index = indexes.get(boxes);
  if (!index) {
    index = new Map(boxes.map((b) => [b.id, b]));
    indexes.set(boxes, index);
  }
  return index;
}

export const useBox = (id: string): BoxDoc | undefined => useEditor((s) => boxIndex(s.doc.boxes).get(id));

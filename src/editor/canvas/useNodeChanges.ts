/**
 * React Flow's change events turned into store actions: moves (a whole drag is one undo step),
 * selection, and measured sizes (view state, kept out of the document and its history).
 */
import type { EdgeChange, NodeChange } from '@xyflow/react';
import { useMemo } from 'react';
import type { Position } from '../../io/document';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import type { DiagramEdge, DiagramNode } from './flowProjection';

function nextSelection(
  current: readonly string[],
  changes: readonly { type: string; id?: string; selected?: boolean }[],
): string[] | null {
  const sel = new Set(current);
  let touched = false;
  for (const c of changes) {
    if (c.type !== 'select' || !c.id) continue;
    touched = true;
    if (c.selected) sel.add(c.id);
    else sel.delete(c.id);
  }
  return touched ? [...sel] : null;
}

export function useNodeChanges() {
  const store = useEditorStoreApi();
  return useMemo(
    () => ({
      onNodesChange(changes: NodeChange<DiagramNode>[]) {
        const s = store.getState();
        const moves = new Map<string, Position>();
        let measured: Record<string, { width: number; height: number }> | null = null;
        for (const c of changes) {
          if (c.type === 'position' && c.position) moves.set(c.id, c.position);
          if (c.type === 'dimensions' && c.dimensions) {
            const old = s.measured[c.id];
            if (old?.width === c.dimensions.width && old?.height === c.dimensions.height) continue;
            measured ??= { ...s.measured };
            measured[c.id] = c.dimensions;
          }
        }
        if (moves.size > 0) s.moveNodes(moves);
        if (measured) s.setView({ measured });
        const sel = nextSelection(s.selectedNodes, changes);
        if (sel) s.select(sel, s.selectedWires);
      },
      onEdgesChange(changes: EdgeChange<DiagramEdge>[]) {
        const s = store.getState();
        const sel = nextSelection(s.selectedWires, changes);
        if (sel) s.select(s.selectedNodes, sel);
      },
      onNodeDragStart: () => store.getState().beginGesture(),
      onNodeDragStop: () => store.getState().endGesture(),
      onSelectionDragStart: () => store.getState().beginGesture(),
      onSelectionDragStop: () => store.getState().endGesture(),
    }),
    [store],
  );
}

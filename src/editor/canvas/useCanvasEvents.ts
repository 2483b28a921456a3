/** Drops from the palette, files dropped to open them, context menus, double-click to enter a group, hover links. */

import { type Edge, type Node, useReactFlow } from '@xyflow/react';
import { type DragEvent, type MouseEvent, useMemo } from 'react';
import { openPickedFiles } from '../persist/openFiles';
import { useEditorStoreApi } from '../store/EditorStoreContext';
import { wireClicked } from './animationMarks';
import { PALETTE_MIME, placeEntry } from './placement';

export function useCanvasEvents() {
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  return useMemo(() => {
    const menu = (kind: 'box' | 'wire' | 'canvas', e: MouseEvent | globalThis.MouseEvent, id?: string) => {
      e.preventDefault();
      const screen = { x: e.clientX, y: e.clientY };
      const s = store.getState();
      if (kind === 'box' && id && !s.selectedNodes.includes(id)) s.select([id]);
      if (kind === 'wire' && id && !s.selectedWires.includes(id)) s.select([], [id]);
      s.setView({ menu: { kind, id, screen, position: flow.screenToFlowPosition(screen) } });
    };
    return {
      onDragOver(e: DragEvent) {
        if (!e.dataTransfer.types.includes(PALETTE_MIME) && !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      },
      onDrop(e: DragEvent) {
        const files = [...e.dataTransfer.files];
        if (files.length) {
          // A document or a model file (an .onnx with its external data), opened as Open opens it (persist/openFiles.ts).
          e.preventDefault();
          void openPickedFiles(store, files);
          return;
        }
        const raw = e.dataTransfer.getData(PALETTE_MIME);
        if (!raw) return;
        e.preventDefault();
        const entry = JSON.parse(raw) as { generator: string; config: Record<string, unknown>; template?: string };
        placeEntry(store, entry, flow.screenToFlowPosition({ x: e.clientX, y: e.clientY }));
      },
      onNodeDoubleClick: (_e: MouseEvent, n: Node) =>
        n.type === 'group' ? store.getState().enterGroup(n.id) : undefined,
      onNodeContextMenu: (e: MouseEvent, n: Node) => menu('box', e, n.id),
      onEdgeContextMenu: (e: MouseEvent, edge: Edge) => menu('wire', e, edge.id),
      onEdgeClick: (_e: MouseEvent, edge: Edge) => wireClicked(edge.id),
      onPaneContextMenu: (e: MouseEvent | globalThis.MouseEvent) => menu('canvas', e),
      // A pressed button means a pan or a drag sweeping over boxes: no hover links then, which
      // would re-render boxes on every frame of the gesture.
      onNodeMouseEnter: (e: MouseEvent, n: Node) => e.buttons === 0 && store.getState().setView({ hovered: n.id }),
      onNodeMouseLeave: () => store.getState().hovered !== null && store.getState().setView({ hovered: null }),
      onPaneClick: () => store.getState().setView({ menu: null, picker: null }),
    };
  }, [store, flow]);
}

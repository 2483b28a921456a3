/**
 * React Flow hides a box until it knows its size and its ports' places, which its ResizeObserver
 * reports in the frame after the box is first drawn (hidden): a page open then paints the whole
 * shell once with an empty canvas and shows the boxes a frame later, behind the GPU process's first
 * full frame (docs/architecture.md, "The first screen"). Here the boxes already in the DOM when the
 * canvas mounts (a first visit's example: EditorApp hands React Flow its nodes before the first
 * render) are measured as soon as React Flow's pane exists, through React Flow's own
 * `updateNodeInternals` — the same reading its observer makes, made earlier. The layout this
 * reads is the one the frame was about to make; the observer's report then changes nothing.
 */
import { useStoreApi } from '@xyflow/react';
import { useEffect } from 'react';

export function useMeasureAtOnce(): void {
  const flowStore = useStoreApi();
  useEffect(() => {
    const { domNode, nodeLookup, updateNodeInternals } = flowStore.getState();
    if (!domNode) return;
    const updates = new Map<string, { id: string; nodeElement: HTMLDivElement; force: boolean }>();
    for (const el of domNode.querySelectorAll<HTMLDivElement>('.react-flow__node')) {
      const id = el.dataset.id;
      if (id && nodeLookup.get(id)?.internals.handleBounds === undefined)
        updates.set(id, { id, nodeElement: el, force: true });
    }
    if (updates.size > 0) updateNodeInternals(updates);
  }, [flowStore]);
}

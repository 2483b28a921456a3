/**
 * Marks the canvas shown (../canvasShown.ts) once the editor has its diagram and React Flow has
 * measured a box of it (it hides a box until then), or at once when there is nothing to draw.
 * Reads React Flow's store without subscribing a component: nothing renders again.
 */
import { type InternalNode, useStoreApi } from '@xyflow/react';
import { useEffect } from 'react';
import { markCanvasShown } from '../canvasShown';

function anyMeasured(lookup: ReadonlyMap<string, InternalNode>): boolean {
  for (const n of lookup.values()) if (n.measured.width) return true;
  return false;
}

export function useMarkCanvasShown(ready: boolean): void {
  const flowStore = useStoreApi();
  useEffect(() => {
    if (!ready) return;
    const drawn = () => {
      const { nodes, nodeLookup } = flowStore.getState();
      return nodes.length === 0 || anyMeasured(nodeLookup);
    };
    if (drawn()) return markCanvasShown();
    const off = flowStore.subscribe(() => {
      if (!drawn()) return;
      off();
      markCanvasShown();
    });
    return off;
  }, [ready, flowStore]);
}

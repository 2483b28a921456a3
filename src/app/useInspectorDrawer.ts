/**
 * The inspector, while closed, comes out as a drawer over the canvas's right edge when a box or a
 * wire is selected — the canvas keeps its size and the diagram does not jump — and goes back in
 * when the selection is cleared or the drawer is dismissed (docs/screen.md). A selected box the
 * drawer would cover is panned clear of it.
 */
import { useStoreApi } from '@xyflow/react';
import { useEffect, useState } from 'react';
import { useSelectedNodes, useSelectedWires } from '../editor/store/hooks';

/** The drawer's width (app.css, `.inspector-drawer`). */
export const DRAWER_WIDTH = 320;
const CLEARANCE = 24;

export function useInspectorDrawer(closed: boolean) {
  const boxes = useSelectedNodes();
  const wires = useSelectedWires();
  const key = [...boxes, '|', ...wires].join(' ');
  const [dismissed, setDismissed] = useState<string | null>(null);
  const shown = closed && (boxes.length > 0 || wires.length > 0) && dismissed !== key;
  // read when the drawer comes out, not subscribed: the shell would render again at every pane resize
  const flowStore = useStoreApi();

  useEffect(() => {
    const { width: paneWidth, transform, nodeLookup, panZoom } = flowStore.getState();
    if (!shown || boxes.length !== 1 || !paneWidth) return;
    const node = nodeLookup.get(boxes[0]);
    if (!node) return;
    const [x, y, zoom] = transform;
    const right = (node.internals.positionAbsolute.x + (node.measured.width ?? 0)) * zoom + x;
    const limit = paneWidth - DRAWER_WIDTH - CLEARANCE;
    if (right > limit) void panZoom?.setViewport({ x: x - (right - limit), y, zoom }, { duration: 200 });
  }, [shown, boxes, flowStore]);

  return { shown, dismiss: () => setDismissed(key) };
}

/**
 * The inspector, while closed, comes out as a drawer over the canvas's right edge when a box or a
 * wire is selected — the canvas keeps its size and the diagram does not jump — and goes back in
 * when the selection is cleared or the drawer is dismissed (docs/screen.md). A selected box the
 * drawer would cover is panned clear of it.
 */
import { useReactFlow, useStore } from '@xyflow/react';
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
  const flow = useReactFlow();
  const paneWidth = useStore((s) => s.width);

  useEffect(() => {
    if (!shown || boxes.length !== 1 || !paneWidth) return;
    const node = flow.getInternalNode(boxes[0]);
    if (!node) return;
    const { x, y, zoom } = flow.getViewport();
    const right = (node.internals.positionAbsolute.x + (node.measured.width ?? 0)) * zoom + x;
    const limit = paneWidth - DRAWER_WIDTH - CLEARANCE;
    if (right > limit) void flow.setViewport({ x: x - (right - limit), y, zoom }, { duration: 200 });
  }, [shown, boxes, paneWidth, flow]);

  return { shown, dismiss: () => setDismissed(key) };
}

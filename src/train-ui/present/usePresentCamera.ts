/**
 * The camera of a presented animation (presentCamera.ts): at each frame, after the caption has
 * been drawn for it, the view moves to the boxes at work at the largest zoom, up to the reading
 * zoom, that shows them above the caption; again when the pane or the caption changes size. Boxes
 * too far apart to read together are shown a place at a time, → and ← walking them (framePlace.ts).
 * Takes the place of the editor's framing above the panel (animate/useFitAbovePanel.ts) while
 * the animation is presented.
 */
import { useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useStore as useZustand } from 'zustand';
import { animationMarks } from '../../editor/canvas/animationMarks';
import { framePlace } from './framePlace';
import { boxesInView } from './presentCamera';
import { presentStore } from './presentStore';

interface ShownFrame {
  readonly kind: 'inputs' | 'forward' | 'backward';
  readonly boxes: readonly string[];
}

/** The caption's height in whole pixels, followed as it changes. */
function useCaptionHeight(panel: RefObject<HTMLElement | null>, on: boolean): number {
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const el = panel.current;
    if (!on || !el) return;
    const measure = () => setHeight(Math.ceil(el.getBoundingClientRect().height));
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(el);
    return () => watch.disconnect();
  }, [panel, on]);
  return height;
}

export function usePresentCamera(panel: RefObject<HTMLElement | null>, frame: ShownFrame | null, index: number): void {
  const flow = useReactFlow();
  const rf = useStoreApi();
  const width = useStore((s) => s.width);
  const height = useStore((s) => s.height);
  const caption = useCaptionHeight(panel, frame !== null);
  const key = frame ? `${index} ${frame.kind} ${frame.boxes.join(' ')}` : '';
  const place = useZustand(presentStore, (s) => `${s.place.frame} ${s.place.at}`);
  // read through its key: a new object for the same frame does not move the camera
  const shown = useRef(frame);
  shown.current = frame;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the place walked to is when to look again; framePlace reads it
  useEffect(() => {
    if (!key || !width || !height || !caption) return;
    const at = requestAnimationFrame(() => {
      const frame = shown.current;
      if (!frame) return;
      const lit = Object.entries(animationMarks.getState().wires).flatMap(([id, mark]) => {
        const edge = mark.lit ? flow.getEdge(id) : undefined;
        return edge ? [edge] : [];
      });
      const ids = boxesInView(frame.boxes, frame.kind, lit, flow.getEdges()).filter((id) => flow.getInternalNode(id));
      if (ids.length === 0) return;
      // presented, the caption lies under the pane (present.css); whatever of it is over the pane is left out
      const pane = rf.getState().domNode?.getBoundingClientRect();
      const over = pane && panel.current ? Math.max(0, pane.bottom - panel.current.getBoundingClientRect().top) : 0;
      framePlace(flow, ids, index, { width, height }, over);
    });
    return () => cancelAnimationFrame(at);
  }, [flow, rf, panel, key, index, place, width, height, caption]);
}

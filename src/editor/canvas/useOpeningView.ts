/**
 * Each time a document is opened (`opened` counts them), frame it at a readable zoom before the
 * first paint. Bounds come from the document's positions and the sizes measured so far (a
 * default box size otherwise), so no frame ever shows the diagram at the wrong place; when a
 * size was guessed, the diagram is framed again once its boxes are measured, if the view has not
 * moved meanwhile; when the canvas changes size after the opening, a view nobody has moved is
 * framed again for it. A diagram framed is kept clear of the canvas's furniture when a zoom
 * still readable, or a short pan, can (furniture.ts).
 */
import { useReactFlow, useStore, useStoreApi } from '@xyflow/react';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { inScope } from '../model/documentOps';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { clearOfFurniture } from './furniture';
import { furnitureOnScreen } from './furnitureOnScreen';
import { documentBounds, nodeRects, openingViewport, READABLE_ZOOM } from './openingView';

/** How many boxes a diagram may have for its opening to wait for their measured sizes and frame again. */
const REFRAME_UP_TO = 100;

/** Whether React Flow's transform is still the view set. */
const unmoved = ([x, y, zoom]: readonly number[], was: { x: number; y: number; zoom: number }): boolean =>
  x === was.x && y === was.y && zoom === was.zoom;

export function useOpeningView(): void {
  const opened = useEditor((s) => s.opened);
  const measured = useEditor((s) => s.measured);
  const fitted = useEditor((s) => s.framed);
  const pane = useStore((s) => (s.width > 0 && s.height > 0 ? `${s.width}x${s.height}` : null));
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  const flowStore = useStoreApi();
  const shown = useRef(-1);
  /** The view the opening set while some boxes were unmeasured (their size guessed), else null. */
  const guessed = useRef<{ x: number; y: number; zoom: number } | null>(null);
  /** The view the opening last set and the pane it was framed for, while nobody has moved it. */
  const framedFor = useRef<{ view: { x: number; y: number; zoom: number }; pane: string } | null>(null);

  const frame = useCallback((): void => {
    if (!pane) return;
    const { doc, scope, measured } = store.getState();
    const { boxes, groups } = inScope(doc, scope);
    const nodes = [...boxes, ...groups];
    const bounds = documentBounds(nodes, measured);
    const [width, height] = pane.split('x').map(Number);
    if (!bounds) {
      guessed.current = null;
      framedFor.current = null;
      void flow.setViewport({ x: 0, y: 0, zoom: 1 });
      return;
    }
    const framed = openingViewport(bounds, { width, height });
    const dom = flowStore.getState().domNode;
    const view = dom
      ? clearOfFurniture(framed, bounds, nodeRects(nodes, measured), furnitureOnScreen(dom), {
          pane: { width, height },
          minZoom: READABLE_ZOOM.min,
        })
      : framed;
    void flow.setViewport(view);
    framedFor.current = { view, pane };
    const unmeasured = nodes.some((n) => !measured[n.id]);
    guessed.current = unmeasured && nodes.length <= REFRAME_UP_TO ? view : null;
  }, [pane, store, flow, flowStore]);

  useLayoutEffect(() => {
    if (shown.current === opened || !pane) return;
    shown.current = opened;
    frame();
  }, [opened, pane, frame]);

  // Framed with guessed sizes (a box wider than the guess reached past the canvas's edge): once
  // every box is measured, frame again — unless the view was moved meanwhile.
  useLayoutEffect(() => {
    const was = guessed.current;
    if (!was) return;
    if (!unmoved(flowStore.getState().transform, was)) {
      guessed.current = null;
      return;
    }
    const { doc, scope } = store.getState();
    const { boxes, groups } = inScope(doc, scope);
    if ([...boxes, ...groups].every((n) => measured[n.id])) frame();
  }, [measured, store, flowStore, frame]);

  // Fit view framed the diagram: the view is the reader's choice now, kept as the canvas changes.
  const fittedBefore = useRef(fitted);
  useLayoutEffect(() => {
    if (fittedBefore.current === fitted) return;
    fittedBefore.current = fitted;
    framedFor.current = null;
  }, [fitted]);

  // The canvas changed size after the opening (a panel or the term bar settled): the furniture
  // anchored to its edges moved with it, so a view nobody has moved is framed again for it.
  useLayoutEffect(() => {
    const was = framedFor.current;
    if (!was || !pane || was.pane === pane) return;
    if (unmoved(flowStore.getState().transform, was.view)) frame();
    else framedFor.current = null;
  });
}

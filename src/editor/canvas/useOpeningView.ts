/**
 * Each time a document is opened (`opened` counts them), frame it at a readable zoom before the
 * first paint. Bounds come from the document's positions and the sizes measured so far (a
 * default box size otherwise), so no frame ever shows the diagram at the wrong place.
 */
import { useReactFlow, useStore } from '@xyflow/react';
import { useLayoutEffect, useRef } from 'react';
import { inScope } from '../model/documentOps';
import { useEditor, useEditorStoreApi } from '../store/EditorStoreContext';
import { documentBounds, openingViewport } from './openingView';

export function useOpeningView(): void {
  const opened = useEditor((s) => s.opened);
  const pane = useStore((s) => (s.width > 0 && s.height > 0 ? `${s.width}x${s.height}` : null));
  const store = useEditorStoreApi();
  const flow = useReactFlow();
  const shown = useRef(-1);
  useLayoutEffect(() => {
    if (shown.current === opened || !pane) return;
    shown.current = opened;
    const { doc, scope, measured } = store.getState();
    const { boxes, groups } = inScope(doc, scope);
    const bounds = documentBounds([...boxes, ...groups], measured);
    const [width, height] = pane.split('x').map(Number);
    void flow.setViewport(bounds ? openingViewport(bounds, { width, height }) : { x: 0, y: 0, zoom: 1 });
  }, [opened, pane, store, flow]);
}

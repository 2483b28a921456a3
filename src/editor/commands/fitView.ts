/**
 * Fit view frames the whole diagram, however wide: centred, zoomed out as far as it takes
 * (canvas/openingView.ts, docs/screen.md), clear of the canvas's furniture where a little less
 * zoom or a short pan can (canvas/furniture.ts); the canvas map shows the view around it.
 */
import { clearOfFurniture } from '../canvas/furniture';
import { furnitureOnScreen } from '../canvas/furnitureOnScreen';
import { documentBounds, nodeRects, wholeViewport } from '../canvas/openingView';
import { inScope } from '../model/documentOps';
import { defineCommand } from './command';

export const fitView = defineCommand({
  id: 'fit-view',
  label: 'Fit view',
  keys: ['shift+f'],
  run: ({ store, flow }) => {
    const paneEl = document.querySelector('main .react-flow');
    if (!flow || !paneEl) return;
    const pane = paneEl.getBoundingClientRect();
    const { doc, scope, measured } = store.getState();
    const { boxes, groups } = inScope(doc, scope);
    const nodes = [...boxes, ...groups];
    const bounds = documentBounds(nodes, measured);
    if (!bounds) return;
    const whole = wholeViewport(bounds, { width: pane.width, height: pane.height });
    void flow.setViewport(
      clearOfFurniture(whole, bounds, nodeRects(nodes, measured), furnitureOnScreen(paneEl), { pane }),
    );
    store.getState().setView({ framed: store.getState().framed + 1 });
  },
});

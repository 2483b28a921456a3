/**
 * Fit view frames the diagram as an opened document is framed (canvas/openingView.ts): never
 * below a readable zoom; when the whole does not fit, the view starts where the data enters and
 * the minimap shows the rest.
 */
import { documentBounds, openingViewport } from '../canvas/openingView';
import { inScope } from '../model/documentOps';
import { defineCommand } from './command';

export const fitView = defineCommand({
  id: 'fit-view',
  label: 'Fit view',
  keys: ['shift+f'],
  run: ({ store, flow }) => {
    const pane = document.querySelector('main .react-flow')?.getBoundingClientRect();
    if (!flow || !pane) return;
    const { doc, scope, measured } = store.getState();
    const { boxes, groups } = inScope(doc, scope);
    const bounds = documentBounds([...boxes, ...groups], measured);
    if (bounds) void flow.setViewport(openingViewport(bounds, { width: pane.width, height: pane.height }));
  },
});

/**
 * Fit view frames the whole diagram, however wide: centred, zoomed out as far as it takes
 * (canvas/openingView.ts, docs/screen.md); the canvas map shows the view around it.
 */
import { documentBounds, wholeViewport } from '../canvas/openingView';
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
    if (bounds) void flow.setViewport(wholeViewport(bounds, { width: pane.width, height: pane.height }));
  },
});

import { boxHidden } from '../canvas/furnitureOnScreen';
import { defineCommand } from './command';
import { fitView } from './fitView';

/**
 * Frames in which the view is looked at after the toggle: the boxes grow their backward strands,
 * React Flow measures them and the legend takes its lens-view size over a few frames, later on a
 * busy machine; the look ends once the drawing has stayed clear for `CLEAR_FRAMES` in a row.
 */
const LOOK_FRAMES = 60;
const CLEAR_FRAMES = 5;

export const toggleLensView = defineCommand({
  id: 'lens-view',
  label: 'Lens view (backward strands)',
  keys: ['shift+v'],
  run: (ctx) => {
    ctx.store.getState().toggleLensView();
    // The boxes grow (or shrink) by their backward strands: a view that then hides a box under
    // the canvas map, the controls or the legend, or past the canvas's edge, is framed again as
    // Fit view frames it (docs/screen.md); a view that hides nothing is left as the user set it.
    if (typeof requestAnimationFrame !== 'function') return;
    let frames = 0;
    let clear = 0;
    const look = () => {
      frames++;
      const pane = document.querySelector('main .react-flow');
      if (pane && boxHidden(pane)) {
        clear = 0;
        fitView.run(ctx);
      } else clear++;
      if (clear < CLEAR_FRAMES && frames < LOOK_FRAMES) requestAnimationFrame(look);
    };
    requestAnimationFrame(look);
  },
});

import { defineCommand } from './command';

/** Pictures of the diagram as SVG, PNG and TikZ (overlays/PictureDialog.tsx). */
export const showPicture = defineCommand({
  id: 'picture',
  label: 'Picture…',
  keys: [],
  run: ({ store }) => store.getState().setOverlay(store.getState().overlay === 'picture' ? null : 'picture'),
});

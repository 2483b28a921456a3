import { defineCommand } from './command';

/** A link that opens this diagram (overlays/ShareDialog.tsx); the weights stay out of it. */
export const shareLink = defineCommand({
  id: 'share',
  label: 'Share link…',
  keys: [],
  run: ({ store }) => store.getState().setOverlay(store.getState().overlay === 'share' ? null : 'share'),
});

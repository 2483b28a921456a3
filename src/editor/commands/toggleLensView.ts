import { defineCommand } from './command';

export const toggleLensView = defineCommand({
  id: 'lens-view',
  label: 'Lens view (backward strands)',
  keys: ['shift+v'],
  run: ({ store }) => store.getState().toggleLensView(),
});

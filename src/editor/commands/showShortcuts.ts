import { defineCommand } from './command';

export const showShortcuts = defineCommand({
  id: 'shortcuts',
  label: 'Keyboard shortcuts',
  keys: ['?'],
  run: ({ store }) => store.getState().setOverlay(store.getState().overlay === 'shortcuts' ? null : 'shortcuts'),
});

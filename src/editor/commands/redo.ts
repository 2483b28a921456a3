import { defineCommand } from './command';

export const redo = defineCommand({
  id: 'redo',
  label: 'Redo',
  keys: ['mod+shift+z', 'mod+y'],
  run: ({ store }) => store.getState().redo(),
});

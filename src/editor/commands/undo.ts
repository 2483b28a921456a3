import { defineCommand } from './command';

export const undo = defineCommand({
  id: 'undo',
  label: 'Undo',
  keys: ['mod+z'],
  run: ({ store }) => store.getState().undo(),
});

import { defineCommand } from './command';

export const fitView = defineCommand({
  id: 'fit-view',
  label: 'Fit view',
  keys: ['shift+f'],
  run: ({ flow }) => void flow?.fitView({ padding: 0.2 }),
});

import { defineCommand } from './command';

export const showReverse = defineCommand({
  id: 'reverse',
  label: 'Show reverse derivative',
  keys: ['shift+r'],
  run: ({ store }) => store.getState().setOverlay(store.getState().overlay === 'reverse' ? null : 'reverse'),
});

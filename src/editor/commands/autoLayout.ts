import { layoutScope } from '../model/layout';
import { defineCommand } from './command';

export const autoLayout = defineCommand({
  id: 'auto-layout',
  label: 'Auto-layout',
  keys: ['shift+l'],
  run: async ({ store, flow }) => {
    const { doc, scope, measured } = store.getState();
    const at = await layoutScope(doc, scope, measured);
    if (store.getState().doc !== doc) return;
    store.getState().moveNodes(at);
    window.requestAnimationFrame(() => flow?.fitView({ padding: 0.2 }));
  },
});

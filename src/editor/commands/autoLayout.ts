import { layoutScope } from '../model/layout';
import { defineCommand } from './command';
import { fitView } from './fitView';

export const autoLayout = defineCommand({
  id: 'auto-layout',
  label: 'Auto-layout',
  keys: ['shift+l'],
  run: async ({ store, flow }) => {
    const { doc, scope, measured } = store.getState();
    const at = await layoutScope(doc, scope, measured);
    if (store.getState().doc !== doc) return;
    store.getState().moveNodes(at);
    window.requestAnimationFrame(() => void fitView.run({ store, flow }));
  },
});

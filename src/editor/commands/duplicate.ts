import { makeFragment } from '../model/fragment';
import { defineCommand } from './command';

export const duplicate = defineCommand({
  id: 'duplicate',
  label: 'Duplicate',
  keys: ['mod+d'],
  run: ({ store }) => {
    const { doc, selectedNodes, paste } = store.getState();
    if (selectedNodes.length > 0) paste(makeFragment(doc, selectedNodes));
  },
});

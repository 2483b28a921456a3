import { defineCommand } from './command';

export const deleteSelection = defineCommand({
  id: 'delete',
  label: 'Delete selection',
  keys: ['Delete', 'Backspace'],
  run: ({ store }) => {
    const { selectedNodes, selectedWires, removeItems } = store.getState();
    if (selectedNodes.length + selectedWires.length > 0) removeItems(selectedNodes, selectedWires);
  },
});

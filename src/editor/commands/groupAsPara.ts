import { defineCommand } from './command';

export const groupAsPara = defineCommand({
  id: 'group',
  label: 'Group as Para box',
  keys: ['mod+g'],
  run: ({ store }) => {
    const s = store.getState();
    if (s.selectedNodes.length === 0) return s.notify('Select the boxes to group first.');
    s.groupSelection(`group ${s.doc.groups.length + 1}`);
  },
});

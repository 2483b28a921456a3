import { saveGroup } from '../model/library';
import { defineCommand } from './command';

/** Saves the selected group, as it is now, to "My boxes" (grouping saves it the first time). */
export const saveToMyBoxes = defineCommand({
  id: 'save-box',
  label: 'Save to My boxes',
  keys: [],
  run: ({ store }) => {
    const s = store.getState();
    const group = s.doc.groups.find((g) => s.selectedNodes.length === 1 && g.id === s.selectedNodes[0]);
    if (!group) return s.notify('Select one group (a Para box) to save it to My boxes.');
    s.setView({ library: saveGroup(s.library, s.doc, group.id) });
    s.notify(`“${group.name}” is saved in My boxes.`);
  },
});

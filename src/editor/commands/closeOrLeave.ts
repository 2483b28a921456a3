import { defineCommand } from './command';

/** Escape closes what is open, else leaves the sub-diagram, else clears the selection. */
export const closeOrLeave = defineCommand({
  id: 'escape',
  label: 'Close / leave group / deselect',
  keys: ['Escape'],
  run: ({ store }) => {
    const s = store.getState();
    if (s.overlay || s.menu || s.picker || s.tiePrompt || s.blockPrompt || s.discardPrompt || s.openProblem)
      return s.setView({
        overlay: null,
        menu: null,
        picker: null,
        tiePrompt: null,
        blockPrompt: null,
        discardPrompt: false,
        openProblem: null,
      });
    if (s.scope) return s.leaveTo(s.doc.groups.find((g) => g.id === s.scope)?.parent);
    s.clearSelection();
  },
});

/** The view slice: what is shown and how, never part of the undo history. */
import type { StateCreator } from 'zustand';
import type { EditorState, ViewSlice } from './types';

let noticeCount = 0;

export const viewSlice: StateCreator<EditorState, [], [], ViewSlice> = (set, get) => ({
  scope: undefined,
  lensView: false,
  overlay: null,
  notice: null,
  connecting: null,
  picker: null,
  menu: null,
  tiePrompt: null,
  discardPrompt: false,
  openProblem: null,
  openedModel: null,
  unreadable: [],
  hiddenPanels: [],
  boxesLocked: false,
  hovered: null,
  compiled: null,
  measured: {},
  saveError: null,
  otherTabs: 0,
  otherTabsDismissed: false,
  savedDoc: null,
  exportedDoc: null,
  library: [],
  opened: 0,
  enterGroup(id) {
    if (get().doc.groups.some((g) => g.id === id)) set({ scope: id, selectedNodes: [], selectedWires: [] });
  },
  leaveTo: (scope) => set({ scope, selectedNodes: [], selectedWires: [] }),
  toggleLensView: () => set({ lensView: !get().lensView }),
  setOverlay: (overlay) => set({ overlay }),
  notify: (text, tone = 'info') => set({ notice: { id: ++noticeCount, text, tone } }),
  dismissNotice: () => set({ notice: null }),
  setView: (patch) => set(patch),
});

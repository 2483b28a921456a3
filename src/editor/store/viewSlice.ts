/** The view slice: what is shown and how, never part of the undo history. */
import type { StateCreator } from 'zustand';
import { lockActions } from './lock';
import type { EditorState, ViewSlice } from './types';

let noticeCount = 0;
/** How many notices the log keeps. */
export const NOTICE_LOG_SIZE = 50;

export const viewSlice: StateCreator<EditorState, [], [], ViewSlice> = (set, get) => ({
  scope: undefined,
  lensView: false,
  overlay: null,
  notice: null,
  noticeLog: [],
  noticeLogOpen: false,
  connecting: null,
  picker: null,
  menu: null,
  tiePrompt: null,
  blockPrompt: null,
  discardPrompt: false,
  openProblem: null,
  onnxOpening: null,
  openedModel: null,
  openedLesson: null,
  unreadable: [],
  hiddenPanels: [],
  classLock: null,
  heldLocks: [],
  hovered: null,
  compiled: null,
  compiling: false,
  measured: {},
  saveError: null,
  otherTabs: 0,
  otherTabsDismissed: false,
  savedDoc: null,
  slot: null,
  exportedDoc: null,
  library: [],
  opened: 0,
  framed: 0,
  openedAs: 'restore',
  enterGroup(id) {
    if (get().doc.groups.some((g) => g.id === id)) set({ scope: id, selectedNodes: [], selectedWires: [] });
  },
  leaveTo: (scope) => set({ scope, selectedNodes: [], selectedWires: [] }),
  toggleLensView: () => set({ lensView: !get().lensView }),
  setOverlay: (overlay) => set({ overlay }),
  notify: (text, tone = 'info') => {
    const notice = { id: ++noticeCount, text, tone };
    set({ notice, noticeLog: [...get().noticeLog, notice].slice(-NOTICE_LOG_SIZE) });
  },
  dismissNotice: () => set({ notice: null }),
  setView: (patch) => set(patch),
  ...lockActions(set, get),
});

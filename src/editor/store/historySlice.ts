/**
 * Undo and redo over the document only (zundo keeps the document's past). A gesture such as a
 * drag pauses the history, and at its end the document is put back for an instant and the
 * final one set again, so the whole gesture is exactly one step.
 */

import type { TemporalState } from 'zundo';
import type { StateCreator, StoreApi } from 'zustand';
import type { LensDocument } from '../../io/document';
import type { EditorState, HistorySlice } from './types';

export type History = () => StoreApi<TemporalState<{ doc: LensDocument }>>;

export const historySlice =
  (history: History): StateCreator<EditorState, [], [], HistorySlice> =>
  (set, get) => {
    let before: LensDocument | null = null;
    const keepScope = () => {
      const { scope, doc } = get();
      if (scope && !doc.groups.some((g) => g.id === scope)) set({ scope: undefined });
    };
    return {
      undo() {
        history().getState().undo();
        keepScope();
      },
      redo() {
        history().getState().redo();
        keepScope();
      },
      beginGesture() {
        if (before) return;
        before = get().doc;
        history().getState().pause();
      },
      endGesture() {
        if (!before) return;
        const after = get().doc;
        set({ doc: before });
        before = null;
        history().getState().resume();
        if (after !== get().doc) set({ doc: after });
      },
    };
  };

import type { StateCreator } from 'zustand';
import type { EditorState, SelectionSlice } from './types';

export const selectionSlice: StateCreator<EditorState, [], [], SelectionSlice> = (set) => ({
  selectedNodes: [],
  selectedWires: [],
  select: (nodes, wires = []) => set({ selectedNodes: [...nodes], selectedWires: [...wires] }),
  clearSelection: () => set({ selectedNodes: [], selectedWires: [] }),
});

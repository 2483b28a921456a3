/**
 * How a panel outside the editor asks for some wires to be drawn heavier or in a colour: the
 * training panel draws each parameter wire by the size of the weights it carries. A small store
 * of its own, apart from the document (nothing here is saved or undone).
 */
import { create } from 'zustand';

export interface Emphasis {
  /** Stroke width in px. */
  readonly width: number;
  readonly colour: string;
  /** Said on hover: what the emphasis means, with the number. */
  readonly title: string;
}

interface EmphasisState {
  readonly wires: ReadonlyMap<string, Emphasis>;
  set(wires: ReadonlyMap<string, Emphasis>): void;
}

export const useWireEmphasisStore = create<EmphasisState>((set) => ({
  wires: new Map(),
  set: (wires) => set({ wires }),
}));

export const useWireEmphasis = (id: string): Emphasis | undefined => useWireEmphasisStore((s) => s.wires.get(id));

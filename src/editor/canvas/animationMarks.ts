/**
 * What an animation of a training step marks on the canvas: the boxes at work and, on each
 * wire, the value or change it carries. Whoever plays the animation writes here; the boxes and
 * wires only read it (a class name, a small chip on the wire), so the canvas knows nothing of
 * traces. Empty when nothing is animated.
 */
import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/** A value on its way forward or a change on its way back. */
export type MarkPass = 'forward' | 'backward';

export interface WireMark {
  readonly pass: MarkPass;
  /** Made by the box at work now (else made earlier in the step). */
  readonly lit: boolean;
  /** `[8]`, `scalar`. */
  readonly shape: string;
  /** The numbers at the followed example, printed: `[0.12, −0.40, … 6 more]`; of a large buffer not opened, its summary. */
  readonly text: string;
  /** A few of them scaled to [−1, 1] for a heatmap strip. */
  readonly cells: readonly number[];
  /** A large step's buffer, summarised: `min −0.42 · mean 0.01 · max 0.61` (its accessible name says it). */
  readonly summary?: string;
}

export interface AnimationMarks {
  readonly boxes: Readonly<Record<string, MarkPass>>;
  readonly wires: Readonly<Record<string, WireMark>>;
  /** The wire whose value and change are pinned open, if any. */
  readonly pinned: string | null;
}

const EMPTY: AnimationMarks = { boxes: {}, wires: {}, pinned: null };

export const animationMarks = createStore<AnimationMarks>(() => EMPTY);

export const clearAnimationMarks = (): void => animationMarks.setState(EMPTY, true);
export const pinWire = (id: string | null): void => animationMarks.setState({ pinned: id });

/** A click on a wire while a step is shown on it pins that wire (selection alone can miss a click on a wire already selected). */
export const wireClicked = (id: string): void => {
  if (animationMarks.getState().wires[id]) pinWire(id);
};

export const useBoxMark = (id: string): MarkPass | undefined => useStore(animationMarks, (s) => s.boxes[id]);
export const useWireMark = (id: string): WireMark | undefined => useStore(animationMarks, (s) => s.wires[id]);
export const usePinnedWire = (): string | null => useStore(animationMarks, (s) => s.pinned);

/** ` anim-forward` or ` anim-backward` for a box at work, else nothing. */
export const boxMarkClass = (mark: MarkPass | undefined): string => (mark ? ` anim-lit anim-${mark}` : '');

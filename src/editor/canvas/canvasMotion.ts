/**
 * Whether the user is moving the canvas (a pan or a zoom under way): React Flow's move start and
 * end, kept where others can watch without the canvas knowing them. The training session makes
 * its worker give way while it is true (docs/training-panel.md, "The page stays alive").
 */
import { createStore } from 'zustand/vanilla';

export const canvasMotion = createStore<{ readonly moving: boolean }>(() => ({ moving: false }));

/** Handlers for React Flow: stable, so passing them re-renders nothing. */
export const motionHandlers = {
  onMoveStart: (): void => canvasMotion.setState({ moving: true }),
  onMoveEnd: (): void => canvasMotion.setState({ moving: false }),
} as const;

/**
 * The Epoch figure of the panel: the epoch under way, out of the run's plan, never past the
 * plan (docs/training-panel.md, "Phases"). Before any run it is the epochs done (an opened
 * model's), as the file says them.
 */
import type { SessionState } from '../session/sessionState';

export function epochFigure(s: Pick<SessionState, 'ready' | 'phase' | 'epoch' | 'lastEpoch'>): number {
  return s.ready || s.phase !== 'idle' ? Math.min(s.epoch + 1, s.lastEpoch) : s.epoch;
}

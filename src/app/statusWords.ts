/**
 * The status bar's line on where training runs, in plain words (docs/notation.md): "Small model:
 * trained on the CPU" where the mathematical notation says "Auto kept typed arrays: a small model
 * (weights × batch = 672)". The engine's own name follows for whoever needs it.
 */
import { engineText } from '../train-ui/panel/phaseText';
import type { SessionState } from '../train-ui/session/sessionState';

/** Where the worker's engine does its arithmetic, as a class would say it. */
function where(s: SessionState): string {
  const tfjs = s.engine?.startsWith('tfjs');
  return tfjs && s.backend?.active === 'webgl' ? 'the graphics card' : 'the CPU';
}

/** The plain lead of the status line, or null before the first run. */
export function plainStatus(s: SessionState): string | null {
  if (!s.engine) return null;
  const p = s.pick;
  if (p?.usPerStep.tfjs === null) return `Small model: trained on ${where(s)}`;
  if (p) return `Trained on ${where(s)}: Auto timed both engines and took the faster`;
  return `Trained on ${where(s)}`;
}

/** The engine's name without Auto's reasons, which the plain lead has said in words. */
export const engineName = (s: SessionState): string | null => engineText({ ...s, pick: null });

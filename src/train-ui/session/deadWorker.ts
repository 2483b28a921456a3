/**
 * A training worker that died: terminated behind the session's back, thrown outside its
 * handlers, or silent past the heartbeat's grace (learn/trainerPulse.ts). The run stops where
 * the worker's last kept copy of its weights was taken (the worker sends one every second while
 * it runs, at every pause and at the end: learn/trainRun.ts `keepCopies`), and Play starts a new
 * worker from that copy, for the epochs the dead run had left (docs/training-panel.md).
 */
import type { ResumeFrom } from '../../learn/session';
import type { LossSeries } from './lossSeries';
import type { SessionState } from './sessionState';

/** What a new worker starts from: the kept weights, the dead run's seed, and the epoch it was to stop after. */
export type Revival = ResumeFrom & { readonly seed: number; readonly until: number };

/** `what`: what the worker did, e.g. "stopped answering (no reply for 2.0 s)". */
export function deadText(what: string, kept: ResumeFrom | null): string {
  const worker = `The training worker ${what}.`;
  return kept
    ? `${worker} The weights of its last snapshot (step ${kept.stepsDone}) are kept: Play starts a new worker from them.`
    : `${worker} It had kept no weights yet: Play starts a new run.`;
}

/**
 * The session's numbers back at the kept copy (the steps after it died with the worker), the
 * chart cut there too, and what Play starts the next worker from. The Loss figure goes back with
 * the step to the batch loss of the kept step (the chart's last point); the batch's accuracy was
 * not kept step by step, so it shows none rather than a later batch's.
 */
export function afterDeath(
  what: string,
  kept: ResumeFrom | null,
  state: SessionState,
  losses: LossSeries,
): { patch: Partial<SessionState>; revival: Revival | null } {
  const message = deadText(what, kept);
  if (!kept) return { patch: { phase: 'error', message }, revival: null };
  losses.truncate(kept.stepsDone);
  const patch: Partial<SessionState> = {
    phase: 'error',
    message,
    step: kept.stepsDone,
    ...(state.lossOf === 'batch' ? { loss: losses.last(), accuracy: null } : {}),
    ...(state.lossOf === 'batch' && losses.length === 0 ? { lossOf: null } : {}),
    epoch: Math.min(state.epoch, kept.epochsDone),
    epochs: state.epochs.filter((e) => e.epoch < kept.epochsDone),
    points: state.points + 1,
  };
  const until = Math.max(state.lastEpoch, kept.epochsDone + 1);
  return { patch, revival: { ...kept, seed: state.seed ?? 1, until } };
}

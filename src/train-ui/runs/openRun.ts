/**
 * Opening a kept run in a session: its weights and optimiser state (the run's model file), its
 * steps and epochs done, and its per-epoch history back on the chart; the session measures the
 * weights on the whole sets before Play goes on from them.
 */

import type { LensDocument } from '../../io/document';
import { parseModelText } from '../../model/modelParse';
import { documentHash } from '../session/documentHash';
import type { TrainSession } from '../session/trainSession';
import type { RunRecord } from './runRecord';

/** False when the run has no model file that can be read (nothing changes then). */
export function openRun(session: TrainSession, run: RunRecord): boolean {
  const parsed = run.modelText ? parseModelText(run.modelText) : null;
  if (!parsed?.ok) return false;
  const { epochsDone, stepsDone, optimiserSteps } = parsed.model.trainingConfig;
  session.loadWeights({ weights: parsed.weights, epochsDone, stepsDone, optimiserSteps, name: run.name }, run.epochs);
  return true;
}

/** The document's last kept run that can be opened, or null. */
export function lastRunOf(runs: readonly RunRecord[], doc: LensDocument): RunRecord | null {
  const hash = documentHash(doc);
  const own = runs.filter((r) => r.docHash === hash && r.modelText !== null);
  return own.reduce<RunRecord | null>((last, r) => (last === null || r.endedAt >= last.endedAt ? r : last), null);
}

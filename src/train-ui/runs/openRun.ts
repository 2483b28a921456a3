/**
 * Opening a kept run in a session: its weights and optimiser state (the run's model file), its
 * steps and epochs done, and its per-epoch history back on the chart; the session measures the
 * weights on the whole sets before Play goes on from them.
 */

import type { LensDocument } from '../../io/document';
import type { ModelParse } from '../../model/modelParse';
import { documentHashes } from '../session/documentHash';
import type { TrainSession } from '../session/trainSession';
import type { RunModel, RunRecord } from './runRecord';

/**
 * A kept run's model file read back: the archive's bytes, or an older record's JSON text. The
 * model file's readers load with the first run opened, not with the page (its first screen
 * looks for a kept run of the document shown).
 */
export async function parseRunModel(model: RunModel): Promise<ModelParse> {
  const [{ parseModelArchive, parseModelText }, { bytesSource }] = await Promise.all([
    import('../../model/modelParse'),
    import('../../io/modelArchive'),
  ]);
  return 'archive' in model
    ? parseModelArchive(bytesSource(new Uint8Array(model.archive)))
    : parseModelText(model.text);
}

/** False when the run has no model file that can be read (nothing changes then). */
export async function openRun(session: TrainSession, run: RunRecord): Promise<boolean> {
  const parsed = run.model ? await parseRunModel(run.model) : null;
  if (!parsed?.ok) return false;
  const { epochsDone, stepsDone, optimiserSteps } = parsed.model.trainingConfig;
  session.loadWeights({ weights: parsed.weights, epochsDone, stepsDone, optimiserSteps, name: run.name }, run.epochs);
  return true;
}

/** The document's last kept run that can be opened, or null. */
export function lastRunOf(runs: readonly RunRecord[], doc: LensDocument): RunRecord | null {
  const hashes = documentHashes(doc);
  const own = runs.filter((r) => hashes.includes(r.docHash) && r.model !== null);
  return own.reduce<RunRecord | null>((last, r) => (last === null || r.endedAt >= last.endedAt ? r : last), null);
}

/**
 * `engine: 'auto'` (docs/architecture.md): the typed-array engine in float32 wins where tfjs's per-op
 * overhead dwarfs the arithmetic (small models, small batches); tfjs wins on big matrices,
 * above all on webgl. Which one depends on the model, the batch and the machine, so it is
 * measured: a few steps of the first batch on throwaway runners of both engines.
 */
import { type Batch, batches, type Dataset } from '../data/dataset';
import type { Learner } from './learner';
import type { Hypers } from './optimisers/index';
import { createRunner, type Floats, type StepRunner } from './runners/index';

/** What `engine: 'auto'` measured (µs per step, outputs read back) and which engine it kept. */
export interface EnginePick {
  readonly picked: 'typed' | 'tfjs';
  readonly usPerStep: { readonly typed: number; readonly tfjs: number };
}

export async function pickEngine(
  learner: Learner,
  initial: { readonly params: readonly Floats[]; readonly state: readonly Floats[] },
  hypers: Hypers,
  rows: Batch,
): Promise<EnginePick> {
  const usPerStep = { typed: 0, tfjs: 0 };
  for (const engine of ['typed', 'tfjs'] as const) {
    const trial = createRunner(engine, learner, initial.params, initial.state);
    trial.setHypers(hypers);
    usPerStep[engine] = await timeSteps(trial, rows);
    trial.dispose();
  }
  return { picked: usPerStep.tfjs < usPerStep.typed ? 'tfjs' : 'typed', usPerStep };
}

/**
 * µs per step of a runner on one batch: 2 warm-up steps, then ≥ 3 steps and ≥ 30 ms (≤ 50 steps),
 * read back the way the training loop reads them (deferred runners once, at the end).
 */
async function timeSteps(r: StepRunner, rows: Batch): Promise<number> {
  const step = () => (r.deferred ? r.deferred.step(rows) : r.step(rows));
  step();
  step();
  await r.deferred?.read();
  const t0 = performance.now();
  let n = 0;
  while (n < 3 || (performance.now() - t0 < 30 && n < 50)) {
    step();
    n++;
  }
  await r.deferred?.read();
  return (1000 * (performance.now() - t0)) / n;
}

/**
 * For a trainer on `engine: 'auto'`: measures on the first batch, and when tfjs wins returns a
 * tfjs runner from the initial values to replace the typed one (null: keep the typed runner).
 */
export async function autoRunner(
  learner: Learner,
  initial: { readonly params: readonly Floats[]; readonly state: readonly Floats[] },
  hypers: Hypers,
  rows: { readonly train: Dataset; readonly batchSize: number; readonly seed: number },
): Promise<{ pick: EnginePick | null; runner: StepRunner | null }> {
  const first = batches(rows.train, rows.batchSize, rows.seed, 0).next();
  if (first.done) return { pick: null, runner: null };
  const pick = await pickEngine(learner, initial, hypers, first.value);
  if (pick.picked === 'typed') return { pick, runner: null };
  const runner = createRunner('tfjs', learner, initial.params, initial.state);
  runner.setHypers(hypers);
  return { pick, runner };
}

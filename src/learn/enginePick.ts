/**
 * `engine: 'auto'` (docs/architecture.md): the typed-array engine in float32 wins where tfjs's per-op
 * overhead dwarfs the arithmetic (small models, small batches); tfjs wins on big matrices,
 * above all on webgl. Which one depends on the model, the batch and the machine, so it is
 * measured: a few steps of the first batch on throwaway runners of both engines.
 */
import { type Batch, batches, type Dataset } from '../data/dataset';
import type { Learner } from './learner';
import type { Hypers } from './optimisers/index';
import { createRunner, type Floats, type FrozenValues, type StepRunner } from './runners/index';

/** What `engine: 'auto'` measured (µs per step, outputs read back) and which engine it kept. */
export interface EnginePick {
  readonly picked: 'typed' | 'tfjs';
  /** µs per step measured; tfjs is null when the model was too small to try it (`small`). */
  readonly usPerStep: { readonly typed: number; readonly tfjs: number | null };
  /** Weights × batch rows, when below SMALL: tfjs was not tried at all. */
  readonly small?: number;
}

/**
 * Below this many weights × batch rows a step is a few thousand multiply-adds: tfjs's per-op
 * overhead alone (≥ 1 ms a step on every backend here, 10 ms cold) loses to the typed engine's
 * tens of µs, so Auto keeps typed without starting tfjs (XOR: 42 weights × 16 rows = 672).
 */
export const SMALL = 20_000;

/** Weights × batch rows: the size Auto reads to skip the race for a small model. */
export function stepSize(learner: Learner, batchSize: number): number {
  const weights = learner.model.params.reduce((n, p) => n + p.type.shape.reduce((a, b) => a * b, 1), 0);
  return weights * batchSize;
}

export async function pickEngine(
  learner: Learner,
  initial: { readonly params: readonly Floats[]; readonly state: readonly Floats[]; readonly frozen?: FrozenValues },
  hypers: Hypers,
  rows: Batch,
): Promise<EnginePick> {
  const trial = (engine: 'typed' | 'tfjs') => {
    const r = createRunner(engine, learner, initial.params, initial.state, initial.frozen);
    r.setHypers(hypers);
    return r;
  };
  const tfjsRunner = trial('tfjs');
  const tfjs = await timeTfjs(tfjsRunner, rows);
  tfjsRunner.dispose();
  const typedRunner = trial('typed');
  const typed = timeTyped(typedRunner, rows);
  typedRunner.dispose();
  return { picked: tfjs < typed ? 'tfjs' : 'typed', usPerStep: { typed, tfjs } };
}

/**
 * µs per step on tfjs, read back the way the training loop reads them: 2 warm-up steps, then
 * ≥ 3 steps and ≥ 40 ms (≤ 200), read back every 4 so that the clock sees them computed and a
 * slow device is never handed hundreds at once.
 */
async function timeTfjs(r: StepRunner, rows: Batch): Promise<number> {
  const step = () => (r.deferred ? r.deferred.step(rows) : r.step(rows));
  step();
  step();
  await r.deferred?.read();
  const t0 = performance.now();
  let n = 0;
  while (n < 3 || (performance.now() - t0 < 40 && n < 200)) {
    step();
    n++;
    if (r.deferred && n % 4 === 0) await r.deferred.read();
  }
  await r.deferred?.read();
  return (1000 * (performance.now() - t0)) / n;
}

/** The middle value: a median ignores the few steps a garbage collection or a recompile stalls. */
function median(xs: number[]): number {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[sorted.length >> 1];
}

/**
 * µs per step on the typed engine, once warm. Its first steps run before the JavaScript JIT has
 * compiled them, up to ~20× slower than later ones, and a few later steps stall for a garbage
 * collection or a recompile (a mean over them once made Auto pick tfjs for XOR at a hundredth
 * of the speed). So each step is timed alone, ≥ 30 steps and ≥ 40 ms (≤ 400 steps), and the
 * median of the second half is kept.
 */
function timeTyped(r: StepRunner, rows: Batch): number {
  const times: number[] = [];
  const start = performance.now();
  while (times.length < 30 || (performance.now() - start < 40 && times.length < 400)) {
    const t0 = performance.now();
    r.step(rows);
    times.push(1000 * (performance.now() - t0));
  }
  return median(times.slice(times.length >> 1));
}

/**
 * For a trainer on `engine: 'auto'`: measures on the first batch, and when tfjs wins returns a
 * tfjs runner from the initial values to replace the typed one (null: keep the typed runner).
 */
export async function autoRunner(
  learner: Learner,
  initial: { readonly params: readonly Floats[]; readonly state: readonly Floats[]; readonly frozen?: FrozenValues },
  hypers: Hypers,
  rows: { readonly train: Dataset; readonly batchSize: number; readonly seed: number },
): Promise<{ pick: EnginePick | null; runner: StepRunner | null }> {
  const first = batches(rows.train, rows.batchSize, rows.seed, 0).next();
  if (first.done) return { pick: null, runner: null };
  const size = stepSize(learner, rows.batchSize);
  if (size < SMALL)
    return { pick: { picked: 'typed', usPerStep: { typed: 0, tfjs: null }, small: size }, runner: null };
  const pick = await pickEngine(learner, initial, hypers, first.value);
  if (pick.picked === 'typed') return { pick, runner: null };
  const runner = createRunner('tfjs', learner, initial.params, initial.state, initial.frozen);
  runner.setHypers(hypers);
  return { pick, runner };
}

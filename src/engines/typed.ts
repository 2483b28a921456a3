/**
 * The typed-array engine: runs a Program with no tfjs at all.
 *
 *   const engine = createEngine(program, { dtype: 'float64' });
 *   const [y] = engine.run([{ shape: [B, 4], data: xs }]);   // outputs: { shape, data }
 *   engine.buffers();                                       // every buffer of the last run
 *
 * float64 is the oracle of the tests; float32 is the fast path for a classroom's small models.
 * The dtype is a required choice: a float32 answer where float64 was meant passes for right.
 * Buffers live in a bump arena reused run after run (no allocation per step once a batch size
 * has been seen), so the arrays returned are valid until the next `run`: copy them to keep them.
 */

import { type StepForward, stepForward } from '../core/fusedStep';
import type { Kernel } from '../core/kernel';
import type { Program } from '../core/program';
import { Arena, type Dtype } from './arena';
import { batchSizeOf, type RunOptions } from './inputs';
import { RecordingKernel } from './recordingKernel';
import { TypedKernel, type TypedTensor } from './typedKernel';

export type { TypedTensor } from './typedKernel';

export interface TypedEngine {
  readonly kernel: TypedKernel;
  /** `batchSize` only matters when no input is batched. */
  run(inputs: readonly TypedTensor[], opts?: RunOptions): TypedTensor[];
  /** All buffers of the last run, indexed like the Program's (for animation and inspection). */
  buffers(): readonly (TypedTensor | undefined)[];
  /** Runs that were replays of a recorded run (./typedReplay), not kernel runs. */
  readonly replayed: number;
}

export interface TypedEngineOptions {
  readonly dtype: Dtype;
  /** The bytes the kept replays' arrays may take together (REPLAY_BYTES unless given). */
  readonly replayBytes?: number;
}

export function createEngine(program: Program, opts: TypedEngineOptions): TypedEngine {
  const replayBytes = opts.replayBytes ?? REPLAY_BYTES;
  const kernel = new TypedKernel(new Arena(opts.dtype));
  const forwards: StepForward[] = program.steps.map(stepForward);
  const bufs: (TypedTensor | undefined)[] = new Array(program.nBuffers);
  /** Each step's argument list, refilled run after run. */
  const args: TypedTensor[][] = program.steps.map((s) => new Array(s.inputs.length));
  /**
   * The inputs' shapes as last checked, and the batch size and fallback of that check: a run
   * given the very same shape arrays (a trainer's records, refilled step after step with their
   * shapes kept) skips the check. Shapes are never changed in place (`readonly`; the arena's
   * records copy theirs), so the same arrays are the same shapes.
   */
  const shapes: (readonly number[])[] = [];
  let checkedBatch = -1;
  let checkedFallback: number | undefined;
  /** The outputs, refilled run after run (like the records in it, valid until the next run). */
  const outputs: TypedTensor[] = new Array(program.outputs.length);
  /**
   * The replays of the batch sizes recorded (./typedReplay), the least recently run first; null
   * for each batch size that cannot be replayed. Kept while they fit KEPT_REPLAYS and
   * REPLAY_BYTES; the newest is always kept.
   */
  const replays = new Map<number, ReplayedRun | null>();
  /** The records of the last run: the kernel run's, or a replay's own. */
  let current: readonly (TypedTensor | undefined)[] = bufs;
  let replayedRuns = 0;
  /** The batch size run last: a run at it (nearly every step) leaves the replays' order alone. */
  let newest = Number.NaN;
  /** The replay of `newest` (a Map lookup saved per run). */
  let newestReplayed: ReplayedRun | null | undefined;
  return {
    kernel,
    get replayed() {
      return replayedRuns;
    },
    run(inputs, opts) {
      const fallback = opts?.batchSize;
      let same = checkedBatch >= 0 && inputs.length === shapes.length && fallback === checkedFallback;
      for (let i = 0; same && i < inputs.length; i++) same = inputs[i].shape === shapes[i];
      if (!same) {
        checkedBatch = -1;
        shapes.length = inputs.length;
        for (let i = 0; i < inputs.length; i++) shapes[i] = inputs[i].shape;
        checkedBatch = batchSizeOf(program, shapes, fallback);
        checkedFallback = fallback;
      }
      const batchSize = checkedBatch;
      const replayed = batchSize === newest ? newestReplayed : replays.get(batchSize);
      if (replayed) {
        if (batchSize !== newest) {
          replays.delete(batchSize);
          replays.set(batchSize, replayed);
          newest = batchSize;
          newestReplayed = replayed;
        }
        current = replayed.run(inputs);
        replayedRuns++;
        for (let i = 0; i < outputs.length; i++) outputs[i] = current[program.outputs[i]] as TypedTensor;
        return outputs;
      }
      kernel.batchSize = batchSize;
      kernel.arena.reset();
      const recorder =
        replayed === undefined && inputs.length === program.inputs.length
          ? new RecordingKernel(kernel, inputs.length, inputs)
          : null;
      const k: Kernel<TypedTensor> = recorder ?? kernel;
      for (let i = 0; i < inputs.length; i++) bufs[program.inputs[i]] = inputs[i];
      const steps = program.steps;
      for (let n = 0; n < steps.length; n++) {
        const s = steps[n];
        const ins = args[n];
        for (let i = 0; i < ins.length; i++) ins[i] = bufs[s.inputs[i]] as TypedTensor;
        const outs = forwards[n].forward(k, s.config, ins, s.types);
        for (let j = 0; j < s.outputs.length; j++) bufs[s.outputs[j]] = outs[j];
      }
      for (let i = 0; i < outputs.length; i++) outputs[i] = bufs[program.outputs[i]] as TypedTensor;
      current = bufs;
      if (recorder) {
        newestReplayed = replayedRun(recorder, bufs);
        replays.set(batchSize, newestReplayed);
        newest = batchSize;
        keepWithin(replays, replayBytes);
      }
      return outputs;
    },
    buffers: () => current,
  };
}

/** A recorded run: its replay, and the run's records, which each replay brings up to date. */
interface ReplayedRun {
  run(inputs: readonly TypedTensor[]): readonly (TypedTensor | undefined)[];
  /** The bytes of the arrays it writes (its results; the inputs are the caller's). */
  readonly bytes: number;
}

/**
 * How many batch sizes keep their replay, and the bytes their arrays may take together. An
 * epoch whose last batch is shorter alternates two sizes; a run that also evaluates or predicts
 * on the same engine a third. Recording costs a kernel run and more (a few ms for a small
 * model), so dropping a replay that comes back each epoch made short epochs several times
 * slower. A big model's arrays are as big as its gradients: past REPLAY_BYTES only the newest
 * is kept, and a batch size met again is recorded again.
 */
export const KEPT_REPLAYS = 4;
export const REPLAY_BYTES = 64 * 2 ** 20;

/** Drops the least recently run replays until the rest fit; never the newest. */
function keepWithin(replays: Map<number, ReplayedRun | null>, budget: number): void {
  let kept = 0;
  let bytes = 0;
  for (const r of replays.values())
    if (r) {
      kept++;
      bytes += r.bytes;
    }
  for (const [size, r] of replays) {
    if (kept <= 1 || (kept <= KEPT_REPLAYS && bytes <= budget)) return;
    if (!r) continue;
    replays.delete(size);
    kept--;
    bytes -= r.bytes;
  }
}

/**
 * The records of the recording run are kept as the replay's own: the results' records never
 * change (their arrays are the replay's), the inputs' are put in per run, and the views (a
 * reshape's record, which a kernel run at another batch size may point elsewhere) are pointed
 * back at their slot's array.
 */
function replayedRun(recorder: RecordingKernel, bufs: readonly (TypedTensor | undefined)[]): ReplayedRun | null {
  const replay = recorder.replay();
  if (!replay) return null;
  const records = bufs.slice();
  const views: { data: TypedTensor['data'] }[] = [];
  const viewSlots: number[] = [];
  /** Buffers that are an input's record (the inputs' own, and what passes one through untouched). */
  const given: number[] = [];
  const givenSlots: number[] = [];
  for (let b = 0; b < records.length; b++) {
    const record = records[b];
    if (!record) continue;
    const slot = recorder.slot(record);
    if (slot < 0) return null;
    if (recorder.isView(record)) {
      views.push(record as { data: TypedTensor['data'] });
      viewSlots.push(slot);
    } else if (slot < recorder.nInputs) {
      given.push(b);
      givenSlots.push(slot);
    }
  }
  const written = new Set(replay.slots.slice(recorder.nInputs));
  let bytes = 0;
  for (const a of written) bytes += a.byteLength;
  return {
    bytes,
    run(inputs) {
      replay.run(inputs);
      for (let g = 0; g < given.length; g++) records[given[g]] = inputs[givenSlots[g]];
      for (let v = 0; v < views.length; v++) views[v].data = replay.slots[viewSlots[v]];
      return records;
    },
  };
}
export const createTypedEngine = createEngine;

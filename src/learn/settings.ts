/**
 * The trainer's settings, and how they combine with what the document says: explicit settings
 * (the CLI, the training panel) win over the compiled model's loss, learning rate and
 * optimiser, which win over the defaults.
 */

import type { CompiledModel, LossKind } from '../compile/types';
import type { OptimiserSettings } from '../io/document';
import type { LearntWires } from '../kinds/learntWires';
import { DEFAULT_OPTIMISER, type Hypers, hypersOf, type OptimiserKind } from './optimisers/index';
import type { EngineName } from './runners/types';

export interface TrainerSettings {
  readonly epochs: number;
  readonly batchSize: number;
  readonly seed: number;
  /** Fraction of the rows held out for testing, split by the seed (default 0). */
  readonly testFraction?: number;
  /** 'auto' times the first steps on typed float32 and on the live tfjs backend and keeps the faster. */
  readonly engine?: EngineName | 'auto';
  readonly loss?: LossKind;
  readonly optimiser?: Partial<OptimiserSettings>;
  /** Evaluate the whole training and test sets after every epoch (forward only; default true). */
  readonly evaluateEachEpoch?: boolean;
  /** Work this long between yields to the event loop, so messages (pause, stop) get through. */
  readonly yieldEveryMs?: number;
  /**
   * On engines where reading a step's outputs back costs a sync (tfjs), start reading them every
   * this many steps (or at a yield when no read is under way) instead of every step (default 32).
   * Reads run while later steps go on, at most two at a time; the trainer waits for them only at
   * a pause, a trace, a stop and an epoch's end.
   */
  readonly readEvery?: number;
  /**
   * The Para choice (docs/dreaming.md): learn the weights (default), the data input with the
   * weights fixed (deep dreaming: the trainer's dataset is then the dream's one row), or both.
   */
  readonly learn?: LearntWires;
}

export interface Resolved {
  readonly loss: LossKind | undefined;
  readonly optimiser: OptimiserKind;
  readonly hypers: Hypers;
}

export function resolveSettings(model: CompiledModel, s: TrainerSettings): Resolved {
  const drawn = { ...model.optimiser, ...(model.learningRate !== null ? { learningRate: model.learningRate } : {}) };
  const merged = { ...drawn, ...s.optimiser };
  return {
    loss: s.loss ?? model.loss?.kind,
    optimiser: merged.kind ?? DEFAULT_OPTIMISER,
    hypers: hypersOf(merged),
  };
}

export function checkSettings(s: TrainerSettings): void {
  const positiveInt = (v: number) => Number.isInteger(v) && v > 0;
  if (!positiveInt(s.epochs)) throw new Error(`epochs must be a positive integer, got ${s.epochs}`);
  if (!positiveInt(s.batchSize)) throw new Error(`the batch size must be a positive integer, got ${s.batchSize}`);
  if (!Number.isInteger(s.seed)) throw new Error(`the seed must be an integer, got ${s.seed}`);
  const f = s.testFraction ?? 0;
  if (!(f >= 0 && f < 1)) throw new Error(`the test fraction must be in [0, 1), got ${f}`);
}

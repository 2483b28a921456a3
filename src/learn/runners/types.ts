/**
 * A runner holds the learnt values and optimiser state of one learner on one engine and runs
 * its step Program batch after batch. Everything it hands out is plain numbers, valid until its
 * next call; tensors (on tfjs) never leave it.
 */
import type { Hypers } from '../optimisers/index';

export type EngineName = 'typed' | 'typed-float64' | 'tfjs';

/** Values in an engine's own precision: float64 on `typed-float64`, float32 elsewhere. */
export type Floats = Float32Array | Float64Array;

/**
 * The values of the model's parameters that the step does not learn (deep dreaming: the weights
 * stay fixed while the input is learnt), by model input index; empty when every parameter is learnt.
 */
export type FrozenValues = readonly (Floats | undefined)[];

/** The learnt values and the optimiser state, in the order of the learner's step layout. */
export interface Carried {
  readonly learnt: readonly Floats[];
  readonly state: readonly Floats[];
}

/** A runner's learnt values and state, kept aside by `StepRunner.keep`. */
export interface Kept {
  /** Whether every kept value is finite; on tfjs the answer is read back from the device. */
  finite(): boolean | Promise<boolean>;
  /** Makes the kept values the runner's current ones again; the kept copy stays valid. */
  restore(): void;
  /** The kept values in the engine's precision (on tfjs a read-back that waits on the device). */
  read(): Carried;
  release(): void;
}

/** One batch: n rows of features and labels, row-major. */
export interface Rows {
  readonly features: Float32Array;
  readonly labels: Float32Array;
  readonly n: number;
}

/** Per-example losses and predictions of one run, row-major; valid until the runner's next call. */
export interface RunOutputs {
  readonly loss: ArrayLike<number>;
  readonly predictions: ArrayLike<number>;
}

/** Every buffer of one step's Program, copied (null where the buffer was dead). */
export interface StepTrace {
  readonly buffers: readonly ({ readonly shape: number[]; readonly data: Float32Array } | null)[];
}

/**
 * Steps whose outputs stay where they were computed until they are read back together: on
 * tfjs (webgl above all) a read-back per step stalls the pipeline, so a trainer steps quietly
 * and reads every few steps, asynchronously.
 */
export interface DeferredSteps {
  /** One training step; its loss and predictions wait, unread. */
  step(rows: Rows): void;
  /** How many steps wait to be read. */
  readonly pending: number;
  /** The waiting steps' outputs in step order (one transfer for all of them), freed on the device. */
  read(): Promise<RunOutputs[]>;
}

export interface StepRunner {
  readonly engine: string;
  /** Present where reading every step back costs a sync (tfjs); `step` still works there. */
  readonly deferred?: DeferredSteps;
  /** One training step: the learnt values and the state move on. */
  step(rows: Rows): RunOutputs;
  /** The same step, keeping every buffer of its Program for the animation. */
  traceStep(rows: Rows): { outputs: RunOutputs; trace: StepTrace };
  /** Loss and predictions at the current values, without a step. */
  evaluate(rows: Rows): RunOutputs;
  setHypers(h: Hypers): void;
  /** Copies of the learnt values (the parameters, or the learnt input), in step layout order, in float32. */
  learnt(): Float32Array[];
  /**
   * Keeps the current learnt values and state aside, to go back to them: copies on the typed
   * engine, the tensors themselves on tfjs (nothing is read back).
   */
  keep(): Kept;
  /** Copies of the optimiser's state, in the order of the learner's StepLayout.state. */
  state(): Float32Array[];
  dispose(): void;
}

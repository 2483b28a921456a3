/**
 * What a trainer reports, as plain numbers and strings: per step, per epoch, its status as it
 * changes, and at the end. A worker posts these as they are (structured clone).
 */
import type { EnginePick } from './enginePick';
import type { Metrics } from './metrics';

export interface StepMetrics {
  readonly step: number;
  readonly epoch: number;
  readonly loss: number;
  readonly accuracy: number | null;
}

export interface EpochMetrics {
  readonly epoch: number;
  /** The runner's engine (`typed-float32`, `tfjs-webgl`…). */
  readonly engine: string;
  readonly steps: number;
  readonly stepsPerSecond: number;
  /** Running means over the epoch's steps (the weights moved during the epoch). */
  readonly running: Metrics;
  /** The whole sets at the epoch's end, when evaluated. */
  readonly train: Metrics | null;
  readonly test: Metrics | null;
}

/** `failed`: a loss or weight stopped being finite (see `NonFinite`). */
export type TrainerStatus = 'idle' | 'running' | 'paused' | 'stopped' | 'done' | 'failed';

/**
 * Training stopped because a step's loss, or a value it computed, was not finite (NaN or ±∞).
 * The weights were rolled back to those after the last finite step.
 */
export interface NonFinite {
  /** The first step (counted from 1) that computed a value that is not finite. */
  readonly step: number;
  readonly epoch: number;
  /** What that step made non-finite first: a loss, another value it computed, or its data. */
  readonly what: 'loss' | 'values' | 'data';
  /**
   * The box whose output was the first non-finite value of that step: a drawn box's id (the
   * Program step's source), 'optimiser' or 'learning-rate' for the learner's own lenses; null
   * when replaying the steps did not find it again.
   */
  readonly box: string | null;
  /** The box as a reader knows it: its label and id, when the trainer was told the document. */
  readonly boxName: string | null;
  readonly generator: string | null;
  readonly pass: 'forward' | 'backward' | null;
  /** The weights are those after this step. */
  readonly rolledBackTo: number;
  /** All of the above in one sentence, for a status line or a terminal. */
  readonly message: string;
}

/** A status change, sent when it has really happened (a pause once the loop has parked). */
export interface StatusReport {
  readonly status: TrainerStatus;
  /** Steps taken so far; every one of them has been reported to the step listeners. */
  readonly step: number;
  readonly failure: NonFinite | null;
}

export interface TrainResult {
  readonly status: 'done' | 'stopped' | 'failed';
  readonly epochs: number;
  /** Steps whose updates the weights hold (on a failure: up to the last finite step). */
  readonly steps: number;
  readonly seconds: number;
  readonly engine: string;
  /** Set when the settings asked for `engine: 'auto'`. */
  readonly enginePick: EnginePick | null;
  readonly train: Metrics;
  readonly test: Metrics | null;
  /** Set when status is 'failed'. */
  readonly failure: NonFinite | null;
}

export interface TrainerOptions {
  /** How a failure names a box: its label and id, say (session.ts passes the document's). */
  readonly boxName?: (id: string) => string;
  /** Where the run starts when it continues an earlier one (a model file). */
  readonly start?: TrainerStart;
}

/**
 * Where a run starts when it continues an earlier one (a model file): its parameters, the
 * optimiser's state (StepLayout.state order) and how many epochs and steps were done. Epoch e
 * shuffles as epoch e of one long run would, so M epochs, then N from their end, equal M + N.
 */
export interface TrainerStart {
  readonly params: readonly Float32Array[];
  readonly state: readonly ArrayLike<number>[];
  readonly epochsDone: number;
  readonly stepsDone: number;
  /**
   * The optimiser's step count (Adam's t) exactly, as a model file states it; absent: read off
   * `state`, whose float32 is exact up to 2²⁴ steps.
   */
  readonly optimiserSteps?: number;
  /** A dream's learnt input to go on from (its state is then `state`); absent: the dream starts afresh. */
  readonly input?: Float32Array;
}

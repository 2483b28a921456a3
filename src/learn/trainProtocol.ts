/**
 * The messages between the page and the training worker. Plain data only (structured clone):
 * a document, a dataset id with options or the dataset's rows themselves, settings; metrics and
 * snapshots come back as numbers.
 */

import type { Dataset } from '../data/dataset';
import type { BackendName, BackendReport } from '../engines/backend';
import type { LensDocument } from '../io/document';
import type { GivenWeight } from '../io/modelSchema';
import type { EnginePick } from './enginePick';
import type { Metrics } from './metrics';
import type { Hypers } from './optimisers/index';
import type { ResumeFrom, SessionRequest } from './session';
import type { SentTrace, TraceValues } from './traceSummary';
import type { EpochMetrics, StatusReport, StepMetrics, TrainResult } from './trainerTypes';
import type { NamedWeights } from './weights';

export interface StartRequest extends SessionRequest {
  /** The tfjs backend to start in the worker when the engine is 'tfjs'. */
  readonly backend?: BackendName;
  /** The wasm backend's file URLs (the page's Vite `?url` imports), when backend is 'wasm'. */
  readonly wasmPaths?: Readonly<Record<string, string>>;
  /**
   * The rows to train on, when the page holds them (an imported CSV): they replace loading the
   * binding. TrainerClient.start transfers their buffers, so the caller's arrays are emptied.
   */
  readonly data?: Dataset;
  /**
   * Start paused (a first Step). Said in the request, not by a 'pause' after it: the run may
   * start before a later message is read (loading a small dataset never leaves the task).
   */
  readonly paused?: boolean;
  /**
   * Measure the starting weights on the train and test rows before the first step, and say so
   * ('evaluated'): an opened model shows its loss, accuracy and predictions before Play.
   */
  readonly evaluate?: boolean;
}

const spares = new WeakMap<Float32Array, Float32Array>();

/**
 * Keeps `copy`, a copy of `data` made off the page's main thread (the archive reader makes one
 * of each weight it opens), for the first start that resumes from `data` to move instead of
 * copying it here: a 25 M-parameter model's copy took 1.3 s of the main thread.
 */
export function keepSpareCopy(data: Float32Array, copy: Float32Array): void {
  if (copy.length === data.length) spares.set(data, copy);
}

/** The spare copy of `data`, once: a second start copies again. */
function spareOf(data: Float32Array): Float32Array | undefined {
  const spare = spares.get(data);
  spares.delete(data);
  return spare && spare.byteLength > 0 ? spare : undefined;
}

/**
 * A start request as it is posted, with the buffers it hands over instead of copying: carried
 * rows are moved (the caller's arrays are emptied); the weights to resume from, which the page
 * keeps (Reset goes back to them), are copied (or their spare copy taken, keepSpareCopy), each
 * into a buffer of its own, and the copies moved. A copy made here is one memcpy; left to postMessage, a 25 M-parameter model's weights
 * and Adam state (286 MB) were serialised on the main thread for 2.5 s (bench/README.md,
 * *A 25 M model in Chromium*).
 */
export function startMessage(request: StartRequest): { request: StartRequest; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  if (request.data) {
    const rows = [request.data.features.buffer, request.data.labels.buffer] as ArrayBuffer[];
    transfer.push(...(rows[0] === rows[1] ? [rows[0]] : rows));
  }
  if (!request.resume) return { request, transfer };
  const weights = request.resume.weights.map((w) => ({ ...w, data: spareOf(w.data) ?? w.data.slice() }));
  for (const w of weights) transfer.push(w.data.buffer as ArrayBuffer);
  return { request: { ...request, resume: { ...request.resume, weights } }, transfer };
}

export type ToWorker =
  | { readonly type: 'start'; readonly request: StartRequest }
  | { readonly type: 'pause' | 'resume' | 'step' | 'stop' }
  /** Asks for the parameters now; `id` is echoed in the reply, which answers this request only. */
  | { readonly type: 'weights'; readonly id: number }
  /** The page's heartbeat: answered with 'pong' at once, run or no run (a silent worker is dead). */
  | { readonly type: 'ping' }
  /** Every buffer of the next step; a large trace comes as summaries, with `example`'s rows (docs/architecture.md). */
  | { readonly type: 'trace'; readonly example?: number }
  /** Of the last large trace (step `step`): the full values of `open`, and every batched buffer's row at `example`. */
  | {
      readonly type: 'trace-values';
      /** Echoed in the reply, to match it with its request. */
      readonly id: number;
      readonly step: number;
      readonly open: readonly number[];
      readonly example: number;
    }
  | { readonly type: 'set-hypers'; readonly hypers: Partial<Hypers> }
  /**
   * The page is drawing a gesture (the canvas pans or zooms): train in short bursts with sleeps
   * between them, so its frames get the CPU; renewed while the gesture lasts, off when it ends.
   */
  | { readonly type: 'make-way'; readonly on: boolean }
  /**
   * After a run has ended: `epochs` more from its weights and optimiser state, in the same
   * worker; `paused`: parked before its first step (a Step on a finished run).
   */
  | { readonly type: 'continue'; readonly epochs: number; readonly paused?: boolean }
  /** The run as a model file (docs/model-format.md), during or after training. */
  /** `archive`: the archive's chunks when the weights are too big for the JSON form (trainRun.ts); `'always'`: whatever their size. */
  | {
      readonly type: 'model';
      readonly createdAt: string;
      readonly id: number;
      readonly archive?: boolean | 'always';
      /**
       * The run's document as drawn now, when it trains what the run trains (the page checks):
       * the file then keeps where its boxes are, their names and groups, moved since the run started.
       */
      readonly document?: LensDocument;
    }
  /** How many tfjs tensors are alive in the worker (a leak check); null when tfjs never started. */
  | { readonly type: 'memory'; readonly id: number }
  /** A test hook: lose the webgl context, as a driver reset would. */
  | { readonly type: 'lose-context' };

export interface Ready {
  readonly engine: string;
  readonly backend: BackendReport | null;
  readonly term: string;
  readonly trainRows: number;
  readonly testRows: number;
  readonly hypers: Hypers;
  readonly stepsPerEpoch: number;
  /** What the run was started with, as the panel names it: the loss, the optimiser, the batch and the epochs it plans. */
  readonly loss: string;
  readonly optimiser: string;
  readonly batchSize: number;
  readonly epochs: number;
}

/**
 * A weight array as a message carries it: a copy of the trainer's own, moved to the page
 * (`weightsTransfer`) rather than cloned, and read there by name and length, not through the
 * model file's schema (model/modelRuntime.ts `withParameters`; docs/training-panel.md).
 */
export type SentWeights = GivenWeight;

/** The buffers a 'weights' reply hands over: each array's own, once. */
export function weightsTransfer(weights: readonly SentWeights[], dreamed: SentWeights | null): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const w of dreamed ? [...weights, dreamed] : weights) buffers.add(w.data.buffer as ArrayBuffer);
  return [...buffers];
}

export interface Snapshot {
  readonly latest: StepMetrics;
  /** Every step loss since the previous snapshot, in order (for the loss chart). */
  readonly losses: Float32Array;
  /** The trainer's steps per second over its latest window of training (./stepRate); null until it can tell. */
  readonly stepsPerSecond: number | null;
}

/**
 * `status` acknowledges each change as it happens in the worker (a pause once the loop has
 * parked, with every step before it already in the snapshots; a failure with the box that went
 * non-finite and the step the weights were rolled back to). `done` ends every run, its result's
 * `failure` set when status is 'failed'.
 */
export type FromWorker =
  | { readonly type: 'ready'; readonly ready: Ready }
  /** `engine` is what runs now: after 'auto' has measured, the engine it kept (`pick`). */
  | {
      readonly type: 'status';
      readonly status: StatusReport;
      readonly engine: string;
      readonly pick: EnginePick | null;
    }
  | { readonly type: 'snapshot'; readonly snapshot: Snapshot }
  /**
   * The last epoch ended, and `earlier` the ones that ended since the message before (a small set
   * ends hundreds of epochs a second: they come at most one message a frame, with the snapshots).
   */
  | { readonly type: 'epoch'; readonly metrics: EpochMetrics; readonly earlier?: readonly EpochMetrics[] }
  /** A traced step, with the document its run trains (the page draws it only on that drawing). */
  | { readonly type: 'trace'; readonly step: number; readonly trace: SentTrace; readonly document: LensDocument }
  /** What a 'trace-values' asked for, or why the worker cannot say (it no longer holds that step). */
  | { readonly type: 'trace-values'; readonly id: number; readonly values: TraceValues }
  | { readonly type: 'trace-values'; readonly id: number; readonly message: string }
  /**
   * The run's parameters now (the frozen ones while it dreams), and `dreamed`: the learnt input
   * when the run learns it (docs/dreaming.md), else null; `step` is the steps it has taken.
   */
  | {
      readonly type: 'weights';
      /** The request's: two readers asking at once each get their own answer, not the other's older one. */
      readonly id: number;
      readonly weights: readonly SentWeights[];
      readonly dreamed: SentWeights | null;
      readonly step: number;
    }
  | { readonly type: 'done'; readonly result: TrainResult; readonly weights: readonly NamedWeights[] }
  | { readonly type: 'model'; readonly id: number; readonly text: string; readonly chunks?: readonly ArrayBuffer[] }
  | { readonly type: 'memory'; readonly id: number; readonly numTensors: number | null }
  /** The starting weights measured on the whole sets (a start request with `evaluate`). */
  | { readonly type: 'evaluated'; readonly train: Metrics; readonly test: Metrics | null }
  /**
   * The GPU's context was lost: the run stopped; its weights and optimiser state are the page's
   * last kept copy (at the last pause, or within the last second, or those the run started
   * from), of the step `kept` says, to go on elsewhere.
   */
  | {
      readonly type: 'context-lost';
      readonly kept: { readonly epochsDone: number; readonly stepsDone: number };
      readonly message: string;
    }
  /**
   * The weights and optimiser state, kept by the page in case the worker dies: every second
   * while the run goes, at every pause and at the end (./trainRun `keepCopies`), their buffers
   * moved; none before the first step of a run from weights the page has.
   */
  | { readonly type: 'kept'; readonly resume: ResumeFrom }
  /** The answer to a 'ping'. */
  | { readonly type: 'pong' }
  /**
   * The worker is about to hold its thread for a while (measuring a big set, a traced step): the
   * page's heartbeat allows it the long silence until its next message (./trainerPulse).
   */
  | { readonly type: 'busy' }
  /** `crashed`: set by the page's client, never the worker: it threw outside its handlers. */
  | { readonly type: 'error'; readonly message: string; readonly crashed?: boolean };

export type { Metrics, StatusReport };

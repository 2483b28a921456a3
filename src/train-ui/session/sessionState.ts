/**
 * What the Training panel, its charts and views read of a run (docs/training-panel.md): its
 * phase, as the worker acknowledged it or as a control just asked, and its numbers.
 */
import type { BackendReport } from '../../engines/backend';
import type { EnginePick } from '../../learn/enginePick';
import type { ResumeFrom } from '../../learn/session';
import type { EpochMetrics, NonFinite, TrainResult } from '../../learn/trainerTypes';
import type { Metrics, Ready } from '../../learn/trainProtocol';
import type { EngineChoice } from './engineChoice';

/**
 * idle: no run (or after Reset); starting: the worker loads data and compiles; running/paused:
 * acknowledged by the worker; pausing/resuming/stepping: asked, not yet acknowledged;
 * done/stopped/failed: the run ended (Train more continues it, Step steps it on); error: the
 * worker refused the run or died (Play then starts a new one from the weights it kept).
 */
export type Phase =
  | 'idle'
  | 'starting'
  | 'running'
  | 'pausing'
  | 'paused'
  | 'resuming'
  | 'stepping'
  | 'done'
  | 'stopped'
  | 'failed'
  | 'error';

export const ENDED: ReadonlySet<Phase> = new Set(['done', 'stopped', 'failed']);
/** A run that has not ended: an edit of the diagram pauses it. */
export const LIVE: ReadonlySet<Phase> = new Set(['running', 'pausing', 'paused', 'resuming', 'stepping']);

/** An opened model's weights, named as its file; `given` when Reset goes back to them. */
export type OpenedWeights = ResumeFrom & { readonly name: string; readonly given?: boolean };

export interface SessionState {
  readonly phase: Phase;
  /** Steps taken, counting those of the run this one continues. */
  readonly step: number;
  readonly epoch: number;
  /** The epoch the current run stops after (exclusive), counting earlier runs'. */
  readonly lastEpoch: number;
  /** How many epochs a run does (the document's setting, or Train more's). */
  readonly runEpochs: number;
  readonly ready: Ready | null;
  /** What really runs in the worker: the engine (after Auto's pick) and the tfjs backend. */
  readonly engine: string | null;
  readonly backend: BackendReport | null;
  readonly pick: EnginePick | null;
  readonly loss: number | null;
  readonly accuracy: number | null;
  /**
   * What `loss` and `accuracy` measure: the batch the latest step took (while a run moves or
   * parks), or the whole training set (at its end, or an opened model's weights before a step).
   */
  readonly lossOf: 'batch' | 'training set' | null;
  readonly firstLoss: number | null;
  readonly epochs: readonly EpochMetrics[];
  readonly stepsPerSecond: number | null;
  readonly result: TrainResult | null;
  /**
   * Of `step`, those whose training time is not in the run's seconds: the steps of an opened
   * model file, or of a run started again from its weights (an edit, a dead worker), trained
   * by another worker. A run's "steps in … s" counts only the others.
   */
  readonly untimed: number;
  readonly failure: NonFinite | null;
  /** What went wrong, in a sentence, when phase is 'error' or 'failed'. */
  readonly message: string | null;
  /**
   * Steps this session has seen taken, in all its runs: it only grows (Reset and a new run do
   * not lower it), so "take a step" is measured from any moment, whatever ran before.
   */
  readonly taken: number;
  /** How many times Reset drew new initial weights (the run's seed is the document's plus this). */
  readonly resets: number;
  /** Bumped when the loss series changes, so charts redraw. */
  readonly points: number;
  /**
   * Weights the next run starts from (an opened model file), with where they came from; `given`:
   * weights from outside (an ONNX file's), which Reset goes back to (only New random weights drops them).
   */
  readonly resume: OpenedWeights | null;
  /** The engine the next run asks for. */
  readonly choice: EngineChoice;
  /** The diagram was edited while this run trained: it paused, and offers to go on with the edit. */
  readonly edited: boolean;
  /** The GPU's context was lost: the run stopped; `resume` holds its weights for another engine. */
  readonly lost: boolean;
  /** Paused after a Step on a finished run: the run went on from its final weights. */
  readonly steppedOn: boolean;
  /** An opened model's weights measured on the whole sets before its first step here, at step `step`. */
  readonly measured: { readonly train: Metrics; readonly test: Metrics | null; readonly step: number } | null;
  /** The document this run trains, as it was when the run (or its last going-on) started. */
  readonly trains: { readonly hash: string; readonly name: string } | null;
  /** The seed the run shuffles and splits its rows with (null before a run: the views use the next run's). */
  readonly seed: number | null;
}

export const initial: Omit<SessionState, 'resets' | 'resume' | 'choice' | 'taken'> = {
  phase: 'idle',
  step: 0,
  epoch: 0,
  lastEpoch: 0,
  runEpochs: 1,
  ready: null,
  engine: null,
  backend: null,
  pick: null,
  loss: null,
  accuracy: null,
  lossOf: null,
  firstLoss: null,
  epochs: [],
  stepsPerSecond: null,
  result: null,
  untimed: 0,
  failure: null,
  message: null,
  points: 0,
  edited: false,
  lost: false,
  steppedOn: false,
  measured: null,
  seed: null,
  trains: null,
};

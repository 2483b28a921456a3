/**
 * The trainer: one training run of a compiled model on a dataset, and the controls a UI needs —
 * pause, resume, a single step, stop, hyper-parameters changed between steps, and a trace of one
 * step's buffers for the animation. The run itself, epoch by epoch and step by step, is
 * ./trainerLoop. It touches no DOM and yields to the event loop every ~10 ms of work, so it runs
 * unchanged in a Web Worker (messages get through between steps). Subscribers receive plain
 * numbers only. A loss or value that stops being finite stops the run within 10 steps, rolled
 * back to the last finite step, with the box that went wrong named (./guard, ./firstNonFinite).
 * `engine: 'auto'` times the first steps on both engines and keeps the faster (./enginePick).
 */

import type { CompiledModel } from '../compile/types';
import { type Dataset, featureSize, splitDataset } from '../data/dataset';
import { type LearntWires, learnsInput, learnsWeights } from '../kinds/learntWires';
import { Controls } from './controls';
import { autoRunner, type EnginePick } from './enginePick';
import { batchesTaken } from './epochPlace';
import { assembleLearner, type Learner } from './learner';
import { Listeners } from './listeners';
import type { Metrics } from './metrics';
import { type Hypers, sharedState } from './optimisers/index';
import { initialParams, initialState } from './params';
import { createRunner, type StepRunner, type StepTrace } from './runners/index';
import { checkSettings, resolveSettings, type TrainerSettings } from './settings';
import { checkData } from './trainerData';
import { TrainingLoop } from './trainerLoop';
import { measureSet } from './trainerMeasure';
import type {
  EpochMetrics,
  NonFinite,
  StatusReport,
  StepMetrics,
  TrainerOptions,
  TrainerStatus,
  TrainResult,
} from './trainerTypes';

export type { EnginePick } from './enginePick';
export type {
  EpochMetrics,
  NonFinite,
  StatusReport,
  StepMetrics,
  TrainerOptions,
  TrainerStart,
  TrainerStatus,
  TrainResult,
} from './trainerTypes';

export class Trainer {
  readonly learner: Learner;
  readonly train: Dataset;
  readonly test: Dataset | null;
  private runner: StepRunner;
  /** The learnt values (`params`, in step layout order), their state, and the frozen weights (a dream). */
  private readonly initial: { params: Float32Array[]; state: Float64Array[]; frozen: Float32Array[] };
  /** Which wires this run learns (the Para choice, docs/dreaming.md). */
  readonly learn: LearntWires;
  private pick: EnginePick | null = null;
  private readonly stepListeners = new Listeners<StepMetrics>();
  private readonly epochListeners = new Listeners<EpochMetrics>();
  private readonly statusListeners = new Listeners<StatusReport>();
  private readonly busyListeners = new Listeners<void>();
  private current: Hypers;
  private readonly controls = new Controls();
  private readonly loop: TrainingLoop;
  private started = false;
  private failure: NonFinite | null = null;
  /** The weights at the end, once the runner is disposed. */
  private final: Float32Array[] | null = null;
  /** Epochs and steps done before this run (a resumed model); run() does `settings.epochs` more. */
  private readonly firstEpoch: number;
  private readonly stepsBefore: number;
  /**
   * Steps the run took before the optimiser's state began (0 unless it began fresh on a resumed
   * run), so that Adam's t is steps − lag exactly where the engine's float32 t stops at 2²⁴.
   */
  private readonly stateLag: number;

  constructor(
    model: CompiledModel,
    data: Dataset,
    readonly settings: TrainerSettings,
    options: TrainerOptions = {},
  ) {
    checkSettings(settings);
    const resolved = resolveSettings(model, settings);
    this.learn = settings.learn ?? 'weights';
    const learn = this.learn === 'weights' ? 'params' : this.learn === 'input' ? 'inputs' : 'both';
    this.learner = assembleLearner(model, { loss: resolved.loss, optimiser: resolved.optimiser, learn });
    checkData(this.learner, data);
    if (learnsInput(this.learn) && (data.n !== 1 || (settings.testFraction ?? 0) > 0))
      throw new Error(`a learnt input is one row (the dream's target), held out from no test: got ${data.n} rows`);
    const f = settings.testFraction ?? 0;
    const split = f > 0 ? splitDataset(data, 1 - f, settings.seed) : { train: data, test: null };
    if (split.train.n === 0)
      throw new Error(
        `a test fraction of ${f} leaves 0 of the ${data.n} rows to train on (${split.test?.n ?? 0} held out for testing)`,
      );
    this.train = split.train;
    this.test = split.test && split.test.n > 0 ? split.test : null;
    const { layout } = this.learner;
    // a dream starts afresh from the run's weights: their optimiser state is training's, not the input's
    const start = options.start;
    const resumes = start !== undefined && (this.learn === 'weights' || start.input !== undefined);
    const params = start ? start.params.map((p) => Float32Array.from(p)) : initialParams(model, settings.seed);
    const startInput = start?.input ?? this.train.features.slice(0, featureSize(this.train));
    const input = learnsInput(this.learn) ? [Float32Array.from(startInput)] : [];
    this.initial = {
      params: [...(learnsWeights(this.learn) ? params : []), ...input],
      state: resumes ? start.state.map((v) => Float64Array.from(v)) : initialState(layout.state, layout.stateInit),
      frozen: learnsWeights(this.learn) ? [] : params,
    };
    // the counts go on either way: a dream's steps follow the training its weights had
    this.firstEpoch = start?.epochsDone ?? 0;
    this.stepsBefore = start?.stepsDone ?? 0;
    const counter = layout.state.length - sharedState(this.learner.optimiser).length;
    const tStart = resumes && counter < layout.state.length ? (start.optimiserSteps ?? start.state[counter][0]) : 0;
    this.stateLag = this.stepsBefore - tStart;
    const engine = settings.engine ?? 'typed';
    this.runner = createRunner(
      engine === 'auto' ? 'typed' : engine,
      this.learner,
      this.initial.params,
      this.initial.state,
      this.initial.frozen,
    );
    this.current = resolved.hypers;
    this.runner.setHypers(this.current);
    this.loop = new TrainingLoop({
      learner: this.learner,
      train: this.train,
      test: this.test,
      settings,
      options,
      controls: this.controls,
      stepListeners: this.stepListeners,
      epochListeners: this.epochListeners,
      runner: () => this.runner,
      evaluate: (ds) => this.evaluate(ds),
      emitStatus: () => this.emitStatus(),
      busy: () => this.busyListeners.emit(),
    });
  }

  get status(): TrainerStatus {
    return this.controls.status;
  }
  get engine(): string {
    return this.runner.engine;
  }
  hypers(): Hypers {
    return this.current;
  }
  /** What `engine: 'auto'` measured and kept, once run() has started; null otherwise. */
  get enginePick(): EnginePick | null {
    return this.pick;
  }
  /** Why the run failed, once it has ('failed' status); null otherwise. */
  get nonFinite(): NonFinite | null {
    return this.failure;
  }

  onStep(f: (m: StepMetrics) => void): () => void {
    return this.stepListeners.on(f);
  }
  onEpoch(f: (m: EpochMetrics) => void): () => void {
    return this.epochListeners.on(f);
  }
  /** Status changes as they really happen: a pause once every step before it is reported. */
  onStatus(f: (s: StatusReport) => void): () => void {
    return this.statusListeners.on(f);
  }

  /**
   * Before work that may hold the thread for long without a turn for messages: measuring a big
   * set, a traced step. A worker tells the page, whose heartbeat then allows a longer silence
   * (./trainerPulse); measuring XOR's 500 rows hundreds of times a second says nothing.
   */
  onBusy(f: () => void): () => void {
    return this.busyListeners.on(f);
  }

  /**
   * Steps per second over at least the last half second of this run's training time (the
   * measuring of the whole sets at epochs' ends left out), as the panel and `npm run train`
   * state it (./stepRate); null until it has trained that long.
   */
  stepsPerSecond(): number | null {
    return this.loop.stepsPerSecond();
  }

  /** Takes effect at the next step: the hyper-parameters are input wires, nothing recompiles. */
  setHypers(h: Partial<Hypers>): void {
    this.current = { ...this.current, ...h };
    this.runner.setHypers(this.current);
  }

  /**
   * While the page is busy drawing a gesture (the user pans or zooms the canvas): train in short
   * bursts with sleeps between them, until told it ended or for ./pace's MAKE_WAY_MS unless renewed.
   */
  makeWay(on: boolean): void {
    this.loop.pace.makeWay(on);
  }

  /** Before run() too: the run then starts paused. */
  pause(): void {
    this.controls.pause();
  }
  resume(): void {
    this.controls.resume();
  }
  /** While paused: take exactly one more step. */
  stepOnce(): void {
    this.controls.stepOnce();
  }
  stop(): void {
    this.controls.stop();
  }

  /** Resolves with every buffer of the next step's Program (indexed like learner.stepProgram). */
  traceNextStep(): Promise<{ step: number; trace: StepTrace }> {
    return this.loop.traceNextStep();
  }

  /**
   * The current parameters, in the order of the model's params; after dispose, the last ones.
   * While dreaming they are the frozen weights, unchanged.
   */
  weights(): Float32Array[] {
    if (!learnsWeights(this.learn)) return this.initial.frozen.map((w) => w.slice());
    return this.learntValues().slice(0, this.learner.model.params.length);
  }

  /** The learnt input (deep dreaming), flat; null when the run learns the weights only. */
  dreamed(): Float32Array | null {
    return learnsInput(this.learn) ? (this.learntValues().at(-1) ?? null) : null;
  }

  private learntValues(): Float32Array[] {
    return this.final?.map((w) => w.slice()) ?? this.runner.learnt();
  }

  /**
   * The optimiser's step count after `stepsDone` steps of the run (counting a resumed file's),
   * exactly; undefined when the optimiser keeps none (only Adam does).
   */
  optimiserSteps(stepsDone: number): number | undefined {
    return sharedState(this.learner.optimiser).length > 0 ? stepsDone - this.stateLag : undefined;
  }

  /** The optimiser's current state, in the order of `learner.layout.state`. */
  optimiserState(): Float32Array[] {
    return this.runner.state();
  }

  /** The metrics of a whole set, measured in chunks (./trainerMeasure). */
  evaluate(ds: Dataset): Metrics {
    if (this.final) throw new Error('the trainer is disposed: evaluate before dispose()');
    return measureSet(this.runner, this.learner, ds, () => this.busyListeners.emit());
  }

  async run(): Promise<TrainResult> {
    if (this.started) throw new Error(`the trainer has already run (status ${this.status})`);
    this.started = true;
    this.controls.start();
    if (this.settings.engine === 'auto') {
      const { batchSize, seed } = this.settings;
      const auto = await autoRunner(this.learner, this.initial, this.current, { train: this.train, batchSize, seed });
      this.pick = auto.pick;
      if (auto.runner) this.runner.dispose();
      this.runner = auto.runner ?? this.runner;
    }
    if (this.status === 'running') this.emitStatus();
    const { epoch, failure } = await this.loop.epochs(
      this.firstEpoch,
      this.firstEpoch + this.settings.epochs,
      this.learn === 'weights'
        ? batchesTaken(this.stepsBefore, this.firstEpoch, Math.ceil(this.train.n / this.settings.batchSize))
        : 0, // a dream counts on from training's steps
    );
    this.failure = failure;
    const status = this.failure ? 'failed' : this.status === 'stopped' ? 'stopped' : 'done';
    this.controls.end(status);
    this.emitStatus();
    return {
      status,
      epochs: epoch,
      steps: this.stepsBefore + (this.failure ? this.failure.rolledBackTo : this.loop.reported),
      seconds: this.loop.clock.ms() / 1000,
      engine: this.runner.engine,
      enginePick: this.pick,
      train: this.evaluate(this.train),
      test: this.test ? this.evaluate(this.test) : null,
      failure: this.failure,
    };
  }

  /** Frees the engine's memory; `weights()` still gives the last weights. */
  dispose(): void {
    if (this.final) return;
    this.final = this.runner.learnt();
    this.runner.dispose();
  }

  private emitStatus(): void {
    this.statusListeners.emit({ status: this.status, step: this.loop.taken, failure: this.failure });
  }
}

export const createTrainer = (
  model: CompiledModel,
  data: Dataset,
  settings: TrainerSettings,
  options?: TrainerOptions,
): Trainer => new Trainer(model, data, settings, options);

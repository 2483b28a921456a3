/**
 * The training loop: seeded shuffled batches, epochs, metrics, and the controls a UI needs —
 * pause, resume, a single step, stop, hyper-parameters changed between steps, and a trace of one
 * step's buffers for the animation. It touches no DOM and yields to the event loop every
 * ~10 ms of work, so it runs unchanged in a Web Worker (messages get through between steps).
 * Subscribers receive plain numbers only. On tfjs the steps' outputs are read back every few
 * steps, asynchronously, while the next steps run (./readBack). A loss or value that stops
 * being finite stops the run within 10 steps, rolled back to the last finite step, with the box
 * that went wrong named (./guard, ./firstNonFinite). `engine: 'auto'` times the first steps on
 * both engines and keeps the faster (./enginePick).
 */

import type { CompiledModel } from '../compile/types';
import { type Batch, BatchViews, type Dataset, splitDataset } from '../data/dataset';
import { Controls } from './controls';
import { autoRunner, type EnginePick } from './enginePick';
import { FiniteGuard } from './guard';
import { assembleLearner, type Learner } from './learner';
import { Listeners } from './listeners';
import { labelReading, type Metrics, Tally } from './metrics';
import { nextTask } from './nextTask';
import type { Hypers } from './optimisers/index';
import { initialParams, initialState } from './params';
import { ReadBack } from './readBack';
import { createRunner, type RunOutputs, type StepRunner, type StepTrace } from './runners/index';
import { checkSettings, resolveSettings, type TrainerSettings } from './settings';
import { checkData, evaluateRows } from './trainerData';
import { rollBack } from './trainerFailure';
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

/** Keeps values aside for a rollback every this many steps. */
const CHECK_EVERY = 8;
/** A non-finite loss or value is seen before this many more steps are taken. */
const MAX_UNSEEN = 10;

export class Trainer {
  readonly learner: Learner;
  readonly train: Dataset;
  readonly test: Dataset | null;
  private runner: StepRunner;
  private readonly initial: { params: Float32Array[]; state: Float64Array[] };
  private pick: EnginePick | null = null;
  private readonly stepListeners = new Listeners<StepMetrics>();
  private readonly epochListeners = new Listeners<EpochMetrics>();
  private readonly statusListeners = new Listeners<StatusReport>();
  private current: Hypers;
  private readonly controls = new Controls();
  private traceWanted: ((t: { step: number; trace: StepTrace }) => void)[] = [];
  /** Steps taken, and steps reported to the listeners (fewer while tfjs reads are under way). */
  private taken = 0;
  private reported = 0;
  private started = false;
  private failure: NonFinite | null = null;
  /** The weights at the end, once the runner is disposed. */
  private final: Float32Array[] | null = null;
  /** Epochs and steps done before this run (a resumed model); run() does `settings.epochs` more. */
  private readonly firstEpoch: number;
  private readonly stepsBefore: number;

  constructor(
    model: CompiledModel,
    data: Dataset,
    readonly settings: TrainerSettings,
    private readonly options: TrainerOptions = {},
  ) {
    checkSettings(settings);
    const resolved = resolveSettings(model, settings);
    this.learner = assembleLearner(model, { loss: resolved.loss, optimiser: resolved.optimiser });
    checkData(this.learner, data);
    const f = settings.testFraction ?? 0;
    const split = f > 0 ? splitDataset(data, 1 - f, settings.seed) : { train: data, test: null };
    this.train = split.train;
    this.test = split.test && split.test.n > 0 ? split.test : null;
    const { layout } = this.learner;
    const start = options.start;
    this.initial = start
      ? { params: start.params.map((p) => Float32Array.from(p)), state: start.state.map((v) => Float64Array.from(v)) }
      : { params: initialParams(model, settings.seed), state: initialState(layout.state, layout.stateInit) };
    this.firstEpoch = start?.epochsDone ?? 0;
    this.stepsBefore = start?.stepsDone ?? 0;
    const engine = settings.engine ?? 'typed';
    this.runner = createRunner(
      engine === 'auto' ? 'typed' : engine,
      this.learner,
      this.initial.params,
      this.initial.state,
    );
    this.current = resolved.hypers;
    this.runner.setHypers(this.current);
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

  /** Takes effect at the next step: the hyper-parameters are input wires, nothing recompiles. */
  setHypers(h: Partial<Hypers>): void {
    this.current = { ...this.current, ...h };
    this.runner.setHypers(this.current);
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
    return new Promise((resolve) => this.traceWanted.push(resolve));
  }

  /** The current parameters, in the order of the model's params; after dispose, the last ones. */
  weights(): Float32Array[] {
    return this.final?.map((w) => w.slice()) ?? this.runner.learnt();
  }

  /** The optimiser's current state, in the order of `learner.layout.state`. */
  optimiserState(): Float32Array[] {
    return this.runner.state();
  }

  evaluate(ds: Dataset): Metrics {
    if (this.final) throw new Error('the trainer is disposed: evaluate before dispose()');
    return evaluateRows(this.runner, ds, labelReading(ds, this.learner.loss.logits));
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
    const started = performance.now();
    const guard = new FiniteGuard(this.runner, CHECK_EVERY);
    const views = new BatchViews(this.train, this.settings.batchSize);
    let epoch = this.firstEpoch;
    try {
      for (; epoch < this.firstEpoch + this.settings.epochs && !this.controls.stopped; epoch++) {
        if (!(await this.runEpoch(epoch, views, guard))) break;
      }
      if (guard.failed) this.failure = rollBack({ ...this.replayFrom(), guard, boxName: this.options.boxName });
    } finally {
      guard.release();
    }
    const status = this.failure ? 'failed' : this.status === 'stopped' ? 'stopped' : 'done';
    this.controls.end(status);
    this.emitStatus();
    return {
      status,
      epochs: epoch,
      steps: this.stepsBefore + (this.failure ? this.failure.rolledBackTo : this.reported),
      seconds: (performance.now() - started) / 1000,
      engine: this.runner.engine,
      enginePick: this.pick,
      train: this.evaluate(this.train),
      test: this.test ? this.evaluate(this.test) : null,
      failure: this.failure,
    };
  }

  /** One epoch; false when the run ends in it (stopped before its first step, or failed). */
  private async runEpoch(epoch: number, views: BatchViews, guard: FiniteGuard): Promise<boolean> {
    const tally = new Tally(labelReading(this.train, this.learner.loss.logits));
    const epochStart = performance.now();
    const first = this.reported;
    const report = (out: RunOutputs, rows: Batch) => {
      tally.add(out.loss, out.predictions, rows.labels, rows.n);
      this.reported++;
      guard.reported(this.reported, Number.isFinite(tally.lastLoss));
      if (this.stepListeners.size === 0) return;
      this.stepListeners.emit({ step: this.reported, epoch, loss: tally.lastLoss, accuracy: tally.lastAccuracy });
    };
    const deferred = this.runner.deferred;
    const readEvery = Math.min(this.settings.readEvery ?? 32, MAX_UNSEEN - 2);
    const reads = deferred ? new ReadBack(deferred, report, readEvery, MAX_UNSEEN) : null;
    await this.stepThrough(views.epoch(this.settings.seed, epoch), report, reads, guard);
    if (guard.failed || (this.controls.stopped && this.reported === first)) return false;
    const steps = this.reported - first;
    const seconds = (performance.now() - epochStart) / 1000;
    const full = this.settings.evaluateEachEpoch !== false;
    this.epochListeners.emit({
      epoch,
      engine: this.runner.engine,
      steps,
      stepsPerSecond: seconds > 0 ? steps / seconds : 0,
      running: tally.read(),
      train: full ? this.evaluate(this.train) : null,
      test: full && this.test ? this.evaluate(this.test) : null,
    });
    return true;
  }

  /** The epoch's batches, one step each, until a stop or a failure; every step reported at the end. */
  private async stepThrough(
    rows: readonly Batch[],
    report: (out: RunOutputs, rows: Batch) => void,
    reads: ReadBack | null,
    guard: FiniteGuard,
  ): Promise<void> {
    const flush = async () => reads?.flush();
    const yieldEveryMs = this.settings.yieldEveryMs ?? 10;
    let lastYield = performance.now();
    for (let b = 0; b < rows.length; b++) {
      let gate = this.controls.gate();
      if (gate === 'park') gate = await this.controls.parked(() => this.park(flush), this.resumed);
      if (gate === 'stop' || guard.failed) break;
      if (this.traceWanted.length) {
        await flush();
        report(this.traced(rows[b]), rows[b]);
      } else if (reads) await reads.step(rows[b]);
      else report(this.runner.step(rows[b]), rows[b]);
      guard.stepped(++this.taken);
      if (guard.behind(this.taken, MAX_UNSEEN - CHECK_EVERY)) await guard.settle();
      if (performance.now() - lastYield > yieldEveryMs) {
        reads?.startIfIdle(); // never wait on the device here: a read that waited would stall the pipeline
        await nextTask();
        lastYield = performance.now();
      }
    }
    await flush();
  }

  /** Paused: every step taken is reported before the pause is. */
  private async park(flush: () => Promise<void>): Promise<void> {
    await flush();
    this.emitStatus();
  }

  /** Going on after a park: a resume is news, a single step is not (the next park says it). */
  private readonly resumed = (): void => {
    if (this.status === 'running') this.emitStatus();
  };

  /** What a rollback replays with: the runner, the learner and how the rows were cut. */
  private replayFrom() {
    const { batchSize, seed } = this.settings;
    return { runner: this.runner, learner: this.learner, train: this.train, batchSize, seed };
  }

  /** Frees the engine's memory; `weights()` still gives the last weights. */
  dispose(): void {
    if (this.final) return;
    this.final = this.runner.learnt();
    this.runner.dispose();
  }

  private emitStatus(): void {
    this.statusListeners.emit({ status: this.status, step: this.taken, failure: this.failure });
  }

  private traced(rows: Batch) {
    const { outputs, trace } = this.runner.traceStep(rows);
    const waiting = this.traceWanted;
    this.traceWanted = [];
    for (const resolve of waiting) resolve({ step: this.taken + 1, trace });
    return outputs;
  }
}

export const createTrainer = (
  model: CompiledModel,
  data: Dataset,
  settings: TrainerSettings,
  options?: TrainerOptions,
): Trainer => new Trainer(model, data, settings, options);

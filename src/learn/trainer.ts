/**
 * The training loop: seeded shuffled batches, epochs, metrics, and the controls a UI needs —
 * pause, resume, a single step, stop, hyper-parameters changed between steps, and a trace of one
 * step's buffers for the animation. It touches no DOM and yields to the event loop every
 * ~10 ms of work, so it runs unchanged in a Web Worker (messages get through between steps).
 * Subscribers receive plain numbers only. On tfjs the steps' outputs are read back every few
 * steps, asynchronously, while the next steps run: no `dataSync` per step, and the loop waits
 * on the device only at a pause, a trace, an epoch's end or when two reads are under way.
 * `engine: 'auto'` times the first steps on both engines and keeps the faster (see `enginePick`).
 */

import type { CompiledModel } from '../compile/types';
import { type Batch, BatchViews, batches, type Dataset, splitDataset } from '../data/dataset';
import { type EnginePick, pickEngine } from './enginePick';
import { assembleLearner, type Learner } from './learner';
import { labelReading, type Metrics, Tally } from './metrics';
import { nextTask } from './nextTask';
import type { Hypers } from './optimisers/index';
import { initialParams, initialState } from './params';
import { createRunner, type RunOutputs, type StepRunner, type StepTrace } from './runners/index';
import { checkSettings, resolveSettings, type TrainerSettings } from './settings';
import { checkData, evaluateRows } from './trainerData';

export interface StepMetrics {
  readonly step: number;
  readonly epoch: number;
  readonly loss: number;
  readonly accuracy: number | null;
}

export type { EnginePick } from './enginePick';

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

export type TrainerStatus = 'idle' | 'running' | 'paused' | 'stopped' | 'done';

export interface TrainResult {
  readonly status: 'done' | 'stopped';
  /** Epochs done in all, those of a resumed model included. */
  readonly epochs: number;
  readonly steps: number;
  readonly seconds: number;
  readonly engine: string;
  /** Set when the settings asked for `engine: 'auto'`. */
  readonly enginePick: EnginePick | null;
  readonly train: Metrics;
  readonly test: Metrics | null;
}

type Listener<T> = (value: T) => void;

/**
 * Where a run starts when it continues an earlier one (a model file): its parameters, the
 * optimiser's state (StepLayout.state order) and how many epochs and steps were done. Epoch e
 * shuffles as epoch e of one long run would, so M epochs, then N from their end, equal M + N.
 */
export interface TrainerStart {
  readonly params: readonly Float32Array[];
  readonly state: readonly Float32Array[];
  readonly epochsDone: number;
  readonly stepsDone: number;
}

export class Trainer {
  readonly learner: Learner;
  readonly train: Dataset;
  readonly test: Dataset | null;
  private runner: StepRunner;
  private readonly initial: { params: Float32Array[]; state: Float32Array[] };
  private pick: EnginePick | null = null;
  private readonly stepListeners = new Set<Listener<StepMetrics>>();
  private readonly epochListeners = new Set<Listener<EpochMetrics>>();
  private current: Hypers;
  private state: TrainerStatus = 'idle';
  private wake: (() => void) | null = null;
  private allowance = 0;
  private traceWanted: ((t: { step: number; trace: StepTrace }) => void)[] = [];
  private steps = 0;
  private started = false;
  /** Epochs done before this run (a resumed model); run() does `settings.epochs` more. */
  private readonly firstEpoch: number;

  constructor(
    model: CompiledModel,
    data: Dataset,
    readonly settings: TrainerSettings,
    start?: TrainerStart,
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
    this.initial = start
      ? { params: [...start.params], state: [...start.state] }
      : { params: initialParams(model, settings.seed), state: initialState(layout.state, layout.stateInit) };
    this.firstEpoch = start?.epochsDone ?? 0;
    this.steps = start?.stepsDone ?? 0;
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
    return this.state;
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

  onStep(f: Listener<StepMetrics>): () => void {
    this.stepListeners.add(f);
    return () => this.stepListeners.delete(f);
  }
  onEpoch(f: Listener<EpochMetrics>): () => void {
    this.epochListeners.add(f);
    return () => this.epochListeners.delete(f);
  }

  /** Takes effect at the next step: the hyper-parameters are input wires, nothing recompiles. */
  setHypers(h: Partial<Hypers>): void {
    this.current = { ...this.current, ...h };
    this.runner.setHypers(this.current);
  }

  /** Before run() too: the run then starts paused. */
  pause(): void {
    if (this.state === 'running' || this.state === 'idle') this.state = 'paused';
  }
  resume(): void {
    if (this.state === 'paused') this.state = 'running';
    this.wake?.();
  }
  /** While paused: take exactly one more step. */
  stepOnce(): void {
    this.allowance++;
    this.wake?.();
  }
  stop(): void {
    if (this.state === 'running' || this.state === 'paused' || this.state === 'idle') this.state = 'stopped';
    this.wake?.();
  }

  /** Resolves with every buffer of the next step's Program (indexed like learner.stepProgram). */
  traceNextStep(): Promise<{ step: number; trace: StepTrace }> {
    return new Promise((resolve) => this.traceWanted.push(resolve));
  }

  /** The current parameters, in the order of the model's params. */
  weights(): Float32Array[] {
    return this.runner.learnt();
  }

  /** The optimiser's current state, in the order of `learner.layout.state`. */
  optimiserState(): Float32Array[] {
    return this.runner.state();
  }

  evaluate(ds: Dataset): Metrics {
    return evaluateRows(this.runner, ds, labelReading(ds, this.learner.loss.logits));
  }

  async run(): Promise<TrainResult> {
    if (this.started) throw new Error(`the trainer has already run (status ${this.state})`);
    this.started = true;
    if (this.state === 'idle') this.state = 'running';
    if (this.settings.engine === 'auto') await this.pickEngine();
    const { epochs, batchSize, seed } = this.settings;
    const started = performance.now();
    let lastYield = started;
    let epoch = this.firstEpoch;
    const end = this.firstEpoch + epochs;
    const deferred = this.runner.deferred;
    const readEvery = this.settings.readEvery ?? 32;
    const yieldEveryMs = this.settings.yieldEveryMs ?? 10;
    /** One shuffled copy of the training rows per epoch, batches as views of it (no copy per step). */
    const views = new BatchViews(this.train, batchSize);
    for (; epoch < end && !this.is('stopped'); epoch++) {
      const tally = new Tally(labelReading(this.train, this.learner.loss.logits));
      const epochStart = performance.now();
      const first = this.steps;
      const e = epoch;
      const report = (out: RunOutputs, rows: Batch) => {
        tally.add(out.loss, out.predictions, rows.labels, rows.n);
        this.steps++;
        if (this.stepListeners.size === 0) return;
        const m = { step: this.steps, epoch: e, loss: tally.lastLoss, accuracy: tally.lastAccuracy };
        for (const f of this.stepListeners) f(m);
      };
      /** Rows of the steps whose outputs still wait on the device, in step order. */
      let waiting: Batch[] = [];
      /** The reads under way, chained so that their steps are reported in step order. */
      let reading: Promise<void> | null = null;
      /** Starts reading the waiting steps back and returns at once: the steps go on meanwhile. */
      const startRead = () => {
        if (!deferred || waiting.length === 0) return;
        const rows = waiting;
        waiting = [];
        const done = Promise.all([deferred.read(), reading]).then(([o]) => {
          for (let i = 0; i < o.length; i++) report(o[i], rows[i]);
        });
        reading = done;
        // Landed: none under way. A failure stays in `reading` for flush to throw.
        done.then(
          () => {
            if (reading === done) reading = null;
          },
          () => {},
        );
      };
      /** Every step so far read back and reported. */
      const flush = async () => {
        startRead();
        const all = reading;
        reading = null;
        await all;
      };
      const epochBatches = views.epoch(seed, epoch);
      for (let b = 0; b < epochBatches.length; b++) {
        const rows = epochBatches[b];
        if (this.is('paused') && this.allowance === 0) {
          await flush();
          await this.sleep();
        }
        if (this.is('stopped')) break;
        if (this.allowance > 0) this.allowance--;
        if (this.traceWanted.length) {
          await flush();
          report(this.traced(rows), rows);
        } else if (deferred) {
          deferred.step(rows);
          waiting.push(rows);
          if (waiting.length >= readEvery) {
            // At most two reads under way: start this one, then let the one before it land.
            const before = reading;
            startRead();
            await before;
          }
        } else report(this.runner.step(rows), rows);
        if (performance.now() - lastYield > yieldEveryMs) {
          // Never wait on the device here: a read that waited would stall the pipeline.
          if (reading === null) startRead();
          await nextTask();
          lastYield = performance.now();
        }
      }
      await flush();
      if (this.is('stopped') && this.steps === first) break;
      const steps = this.steps - first;
      const seconds = (performance.now() - epochStart) / 1000;
      const full = this.settings.evaluateEachEpoch !== false;
      const metrics: EpochMetrics = {
        epoch,
        engine: this.runner.engine,
        steps,
        stepsPerSecond: seconds > 0 ? steps / seconds : 0,
        running: tally.read(),
        train: full ? this.evaluate(this.train) : null,
        test: full && this.test ? this.evaluate(this.test) : null,
      };
      for (const f of this.epochListeners) f(metrics);
    }
    const status = this.is('stopped') ? 'stopped' : 'done';
    this.state = status;
    const seconds = (performance.now() - started) / 1000;
    const test = this.test ? this.evaluate(this.test) : null;
    return {
      status,
      epochs: epoch,
      steps: this.steps,
      seconds,
      engine: this.runner.engine,
      enginePick: this.pick,
      train: this.evaluate(this.train),
      test,
    };
  }

  /** `engine: 'auto'`: see enginePick.ts; the run starts from the initial values either way. */
  private async pickEngine(): Promise<void> {
    const first = batches(this.train, this.settings.batchSize, this.settings.seed, 0).next();
    if (first.done) return;
    this.pick = await pickEngine(this.learner, this.initial, this.current, first.value);
    if (this.pick.picked === 'typed') return;
    this.runner.dispose();
    this.runner = createRunner('tfjs', this.learner, this.initial.params, this.initial.state);
    this.runner.setHypers(this.current);
  }

  dispose(): void {
    this.runner.dispose();
  }

  private traced(rows: Parameters<StepRunner['step']>[0]) {
    const { outputs, trace } = this.runner.traceStep(rows);
    const waiting = this.traceWanted;
    this.traceWanted = [];
    for (const resolve of waiting) resolve({ step: this.steps + 1, trace });
    return outputs;
  }

  /** Reads the status afresh: the controls change it while run() awaits. */
  private is(s: TrainerStatus): boolean {
    return this.state === s;
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = () => {
        this.wake = null;
        resolve();
      };
    });
  }
}

export const createTrainer = (
  model: CompiledModel,
  data: Dataset,
  settings: TrainerSettings,
  start?: TrainerStart,
): Trainer => new Trainer(model, data, settings, start);

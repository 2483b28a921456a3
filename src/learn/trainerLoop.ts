/**
 * The trainer's run, epoch by epoch and step by step (the Trainer class in ./trainer keeps the
 * public controls and hands this loop what it shares). Each epoch cuts the seeded shuffled
 * batches, takes one step a batch, tallies and reports every step and then the epoch; before
 * every step it asks ./controls whether to go, park (paused) or stop. On tfjs the outputs are
 * read back every few steps while the next steps run (./readBack); a trace asked for is taken
 * on the next step. A loss or value that stops being finite ends the run within `MAX_UNSEEN`
 * steps, rolled back to the last finite step (./guard, ./trainerFailure).
 */

import { type Batch, BatchViews, type Dataset } from '../data/dataset';
import type { Controls } from './controls';
import { FiniteGuard } from './guard';
import type { Learner } from './learner';
import type { Listeners } from './listeners';
import { labelReading, type Metrics, Tally } from './metrics';
import { nextTask } from './nextTask';
import { Pace } from './pace';
import { ReadBack } from './readBack';
import type { RunOutputs, StepRunner, StepTrace } from './runners/index';
import type { TrainerSettings } from './settings';
import { StepRate } from './stepRate';
import { TrainClock } from './trainClock';
import { rollBack } from './trainerFailure';
import type { EpochMetrics, NonFinite, StepMetrics, TrainerOptions } from './trainerTypes';

/** Keeps values aside for a rollback every this many steps. */
const CHECK_EVERY = 8;
/** A non-finite loss or value is seen before this many more steps are taken. */
const MAX_UNSEEN = 10;
/** Looks at the clock in a stretch of steps between yields (TrainingLoop.lookEvery). */
const LOOKS_PER_YIELD = 32;

/** What the loop shares with the trainer that runs it. */
export interface LoopParts {
  readonly learner: Learner;
  readonly train: Dataset;
  readonly test: Dataset | null;
  readonly settings: TrainerSettings;
  readonly options: TrainerOptions;
  readonly controls: Controls;
  readonly stepListeners: Listeners<StepMetrics>;
  readonly epochListeners: Listeners<EpochMetrics>;
  /** The runner of the moment: `engine: 'auto'` may swap it before the first step. */
  runner(): StepRunner;
  evaluate(ds: Dataset): Metrics;
  /** Tells the status listeners the trainer's status now. */
  emitStatus(): void;
  /** Before work that may hold the thread for long (a traced step): Trainer.onBusy. */
  busy(): void;
}

/** Where a run ended: the epoch it stopped in (or the last + 1), and what went non-finite. */
export interface LoopEnd {
  readonly epoch: number;
  readonly failure: NonFinite | null;
}

export class TrainingLoop {
  /** Steps taken, and steps reported to the listeners (fewer while tfjs reads are under way). */
  taken = 0;
  reported = 0;
  private traceWanted: ((t: { step: number; trace: StepTrace }) => void)[] = [];
  /** How often it yields, and whether it sleeps there while the page makes way (./pace). */
  readonly pace: Pace;
  /** Training time only: from the first step, standing still while parked (./trainClock). */
  readonly clock = new TrainClock();
  /**
   * Steps per second over the latest window of that clock's time (./stepRate), less the time
   * spent measuring the whole sets at epochs' ends: those are no steps, and MNIST's 10,000 rows
   * took seconds, after which the rate read 5 steps a second where the steps went at 1,100.
   */
  private readonly rate = new StepRate();
  private measuringMs = 0;
  /** When the loop last gave the event loop a turn: kept across epochs, so short epochs add up. */
  private lastYield: number;
  /**
   * Steps between looks at the clock, steps since the last look and since the last yield: a
   * step of a few microseconds costs about as much as reading the clock, so the loop looks
   * LOOKS_PER_YIELD times in the steps the last stretch between yields took (every step when
   * steps are slow), and a yield comes at most about 1/LOOKS_PER_YIELD of a stretch late.
   */
  private lookEvery = 1;
  private sinceLook = 0;
  private sinceYield = 0;

  constructor(private readonly parts: LoopParts) {
    this.pace = new Pace(parts.settings.yieldEveryMs ?? 10);
    this.lastYield = this.pace.now();
  }

  /** The steps reported per second over the latest window of training time; null before there is one. */
  stepsPerSecond(): number | null {
    return this.rate.at(this.reported, this.clock.ms() - this.measuringMs);
  }

  /** Resolves with every buffer of the next step's Program (indexed like learner.stepProgram). */
  traceNextStep(): Promise<{ step: number; trace: StepTrace }> {
    return new Promise((resolve) => this.traceWanted.push(resolve));
  }

  /**
   * Epochs `from` … `to` − 1, until a stop or a failure; a failure is rolled back before this
   * returns. `into`: batches of the first epoch already taken (a run resumed from a copy kept
   * mid-epoch), which it goes on after rather than take again.
   */
  async epochs(from: number, to: number, into = 0): Promise<LoopEnd> {
    const { controls, settings, train } = this.parts;
    const guard = new FiniteGuard(this.parts.runner(), CHECK_EVERY);
    const views = new BatchViews(train, settings.batchSize);
    let epoch = from;
    let failure: NonFinite | null = null;
    try {
      for (; epoch < to && !controls.stopped; epoch++) {
        if (!(await this.runEpoch(epoch, views, guard, epoch === from ? into : 0))) break;
        await this.yieldIfDue(); // an epoch's evaluation counts too
      }
      if (guard.failed) failure = rollBack({ ...this.replayFrom(), guard, boxName: this.parts.options.boxName });
    } finally {
      this.clock.halt();
      guard.release();
    }
    return { epoch, failure };
  }

  /** One epoch; false when the run ends in it (stopped before its first step, or failed). */
  private async runEpoch(epoch: number, views: BatchViews, guard: FiniteGuard, into: number): Promise<boolean> {
    const { learner, train, test, settings, controls, stepListeners } = this.parts;
    const tally = new Tally(labelReading(train, learner.loss.logits));
    const epochStart = this.clock.ms();
    const first = this.reported;
    const report = (out: RunOutputs, rows: Batch) => {
      tally.add(out.loss, out.predictions, rows.labels, rows.n);
      this.reported++;
      guard.reported(this.reported, Number.isFinite(tally.lastLoss));
      if (stepListeners.size === 0) return;
      stepListeners.emit({ step: this.reported, epoch, loss: tally.lastLoss, accuracy: tally.lastAccuracy });
    };
    const deferred = this.parts.runner().deferred;
    const readEvery = Math.min(settings.readEvery ?? 32, MAX_UNSEEN - 2);
    const reads = deferred ? new ReadBack(deferred, report, readEvery, MAX_UNSEEN) : null;
    const batches = views.epoch(settings.seed, epoch);
    await this.stepThrough(into > 0 ? batches.slice(into) : batches, report, reads, guard);
    if (guard.failed || (controls.stopped && this.reported === first)) return false;
    const steps = this.reported - first;
    const seconds = (this.clock.ms() - epochStart) / 1000;
    const full = settings.evaluateEachEpoch !== false;
    const measuring = this.clock.ms();
    const measured = {
      train: full ? this.parts.evaluate(train) : null,
      test: full && test ? this.parts.evaluate(test) : null,
    };
    this.measuringMs += this.clock.ms() - measuring;
    this.parts.epochListeners.emit({
      epoch,
      engine: this.parts.runner().engine,
      steps,
      stepsPerSecond: seconds > 0 ? steps / seconds : 0,
      running: tally.read(),
      ...measured,
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
    const { controls } = this.parts;
    const runner = this.parts.runner();
    const flush = async () => reads?.flush();
    for (let b = 0; b < rows.length; b++) {
      let gate = controls.gate();
      if (gate === 'park') gate = await controls.parked(() => this.park(flush), this.resumed);
      if (gate === 'stop' || guard.failed) break;
      this.clock.go();
      if (this.traceWanted.length) {
        await flush();
        report(this.traced(rows[b]), rows[b]);
      } else if (reads) await reads.step(rows[b]);
      else report(runner.step(rows[b]), rows[b]);
      guard.stepped(++this.taken);
      if (guard.behind(this.taken, MAX_UNSEEN - CHECK_EVERY)) await guard.settle();
      this.sinceYield++;
      if (++this.sinceLook >= this.lookEvery) {
        this.sinceLook = 0;
        if (this.due()) {
          reads?.startIfIdle(); // never wait on the device here: a read that waited would stall the pipeline
          await this.yieldIfDue();
        }
      }
    }
    await flush();
  }

  private due(): boolean {
    return this.pace.due(this.lastYield);
  }

  /**
   * A turn for the event loop (messages: pause, stop) once ~10 ms of work went by without one;
   * while the page makes way, a sleep after a shorter burst (./pace).
   */
  private async yieldIfDue(): Promise<void> {
    if (!this.due()) return;
    const gap = this.pace.gap();
    if (gap > 0) await new Promise<void>((resolve) => setTimeout(resolve, gap));
    else await nextTask();
    this.lastYield = this.pace.now();
    this.lookEvery = Math.max(1, Math.floor(this.sinceYield / LOOKS_PER_YIELD));
    this.sinceYield = 0;
  }

  /** Paused: every step taken is reported before the pause is. */
  private async park(flush: () => Promise<void>): Promise<void> {
    await flush();
    this.clock.halt(); // before the pause is told: the time parked is never training time
    this.parts.emitStatus();
  }

  /** Going on after a park: a resume is news, a single step is not (the next park says it). */
  private readonly resumed = (): void => {
    if (this.parts.controls.status === 'running') this.parts.emitStatus();
  };

  /** What a rollback replays with: the runner, the learner and how the rows were cut. */
  private replayFrom() {
    const { batchSize, seed } = this.parts.settings;
    return { runner: this.parts.runner(), learner: this.parts.learner, train: this.parts.train, batchSize, seed };
  }

  private traced(rows: Batch) {
    this.parts.busy();
    const { outputs, trace } = this.parts.runner().traceStep(rows);
    const waiting = this.traceWanted;
    this.traceWanted = [];
    for (const resolve of waiting) resolve({ step: this.taken + 1, trace });
    return outputs;
  }
}

/**
 * The page's side of training: one run at a time in a training worker, steered by the panel's
 * controls, with what the worker reports kept in a store the panel and the views read. The
 * panel never guesses: a control sets a "pausing…"-style phase at once, and the phase the run
 * is really in comes only from the worker's acknowledgements (docs/training-panel.md). What
 * the views read of the run (its model, weights, traces) goes through `reads` (./workerReads);
 * an opened model's run, held until played, is ./heldRun.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LensDocument } from '../../io/document';
import type { Hypers } from '../../learn/optimisers/index';
import type { ResumeFrom } from '../../learn/session';
import type { TrainerClient } from '../../learn/trainerClient';
import { PULSE, type PulseTimes, watchPulse } from '../../learn/trainerPulse';
import type { EpochMetrics } from '../../learn/trainerTypes';
import type { StartRequest } from '../../learn/trainProtocol';
import { afterDeath, type Revival } from './deadWorker';
import type { EngineChoice } from './engineChoice';
import { FrameBatch } from './frameBatch';
import { HeldRun } from './heldRun';
import { LossSeries } from './lossSeries';
import { MakeWay } from './makeWay';
import { listenTo } from './sessionReports';
import { ENDED, initial, LIVE, type OpenedWeights, type SessionState } from './sessionState';
import { TrainedDocument } from './trainedDocument';
import { WorkerReads } from './workerReads';

/** run: train at once; step: start paused and take one step; hold: start paused and measure the weights. */
type StartMode = 'run' | 'step' | 'hold';

/** What a run is started with: the request, less what the session adds (engine, seed offset, resume). */
export type RequestSource = (choice: EngineChoice) => Promise<StartRequest>;

export class TrainSession {
  readonly store: StoreApi<SessionState>;
  /** Every step's loss of the current run and the runs it continues, for the chart. */
  readonly losses = new LossSeries();
  /** What the views read of the run in the worker: its model file, weights, traces (./workerReads). */
  readonly reads = new WorkerReads(
    () => this.client,
    () => this.state,
    () => this.trained.drawn,
  );
  private client: TrainerClient | null = null;
  /** Steps and epochs done, and seconds trained, before the worker's current trainer started. */
  private before = { steps: 0, epochs: 0, seconds: 0 };
  /** While stepping: the step whose pause answers the Step. */
  private stepTarget = 0;
  /** The document this session belongs to, and what of it the run trains (./trainedDocument.ts). */
  private readonly trained = new TrainedDocument();
  /** An opened model's run, measured and not played yet: its hold, rest and wake (./heldRun.ts). */
  private readonly held = new HeldRun({
    state: () => this.state,
    epochsBefore: () => this.before.epochs,
    document: () => this.trained.seen,
    live: () => this.client !== null,
    drop: () => this.drop(),
    hold: () => void this.start('hold'),
  });
  /** The store's changes, a snapshot's batched into one a frame. */
  private readonly frames: FrameBatch<SessionState>;
  /** While the canvas moves: the worker makes way (./makeWay.ts). */
  private readonly way = new MakeWay(() => this.client);
  /** The worker's latest copy of its weights, and what Play starts from once it died (./deadWorker). */
  private kept: ResumeFrom | null = null;
  private revival: Revival | null = null;
  /** Stops the heartbeat on the current worker (learn/trainerPulse.ts). */
  private unpulse: (() => void) | null = null;

  constructor(
    private readonly spawn: () => TrainerClient,
    private readonly source: RequestSource,
    choice: EngineChoice = 'auto',
    private readonly pulse: PulseTimes = PULSE,
  ) {
    this.store = createStore<SessionState>(() => ({ ...initial, resets: 0, resume: null, choice, taken: 0 }));
    this.frames = new FrameBatch(this.store);
  }

  /** The document this session belongs to, as last seen; null before it was told of one. */
  get document(): LensDocument | null {
    return this.trained.seen;
  }

  get state(): SessionState {
    return this.store.getState();
  }

  /** Steps seen taken, counting those waiting for the next batch. */
  private taken(): number {
    return this.frames.pending?.taken ?? this.state.taken;
  }

  private set(patch: Partial<SessionState>): void {
    this.frames.set(patch);
  }

  private later(patch: Partial<SessionState>): void {
    this.frames.later(patch);
  }

  /**
   * Play: start a run, resume a paused one, or continue an ended one for its planned epochs. An
   * ended run whose Para choice changed since (learn the input: a dream) starts the new choice
   * from that run's weights (docs/dreaming.md).
   */
  play(): void {
    this.held.wake();
    const { phase } = this.state;
    if (phase === 'idle' || phase === 'error') void this.start('run', this.revival ?? undefined);
    else if (this.held.stale()) void this.start('run', this.held.weights());
    else if (phase === 'paused' || (phase === 'starting' && this.held.holding)) {
      // A held run (an opened model) still starting hears the resume once its trainer exists
      // (start() sends it if the worker is not spawned yet).
      this.set({ ...this.held.unhold(), phase: 'resuming', steppedOn: false });
      this.client?.resume();
    } else if (ENDED.has(phase) && this.trained.changed) {
      // Said at once: reading the run's weights back from the worker takes a moment.
      this.set({ phase: 'starting' });
      void this.fromRun();
    } else if (ENDED.has(phase)) void this.moreAsSet();
  }

  /** Play on an ended run: the epochs the panel shows now, not those the ended run planned. */
  private async moreAsSet(): Promise<void> {
    const client = this.client;
    if (!client) return;
    this.goOn(this.state.runEpochs, { phase: 'starting' });
    let epochs = this.state.runEpochs;
    try {
      epochs = (await this.source(this.state.choice)).settings?.epochs ?? epochs;
    } catch {
      // The request's own errors show when a run starts; going on needs only a count.
    }
    if (this.client !== client) return;
    this.set({ lastEpoch: this.before.epochs + epochs, runEpochs: epochs });
    client.continue(epochs);
  }

  pause(): void {
    if (this.state.phase !== 'running' && this.state.phase !== 'resuming') return;
    this.set({ phase: 'pausing' });
    this.client?.pause();
  }

  /**
   * One batch: from a paused run, a fresh run started paused (from a dead worker's kept weights
   * if it died), or a finished run, which goes on from its final weights.
   */
  step(): void {
    this.held.wake();
    const { phase } = this.state;
    if (phase === 'idle' || phase === 'error') void this.start('step', this.revival ?? undefined);
    else if (this.held.stale()) void this.start('step', this.held.weights());
    else if (phase === 'paused' && this.client) {
      this.set({ ...this.held.unhold(), phase: 'stepping' });
      this.stepTo(this.client, this.state.step + 1);
    } else if (ENDED.has(phase)) this.stepOn();
  }

  /**
   * A finished run goes on in its worker from its final weights, parked, and takes one step.
   * `first` runs between the two: a trace asked there is waiting when that step comes.
   */
  stepOn(first?: () => void): void {
    const client = this.client;
    if (!ENDED.has(this.state.phase) || !client) return;
    const step = this.state.step + 1;
    this.goOn(this.state.runEpochs, { phase: 'stepping', steppedOn: true });
    client.continue(this.state.runEpochs, true);
    first?.();
    this.stepTo(client, step);
  }

  /** Asks for one step; a pause acknowledged before it (the run parking first) is not the answer. */
  private stepTo(client: TrainerClient, step: number): void {
    this.stepTarget = step;
    client.step();
  }

  /** After a lost GPU context: go on from the kept weights with another engine. */
  continueOn(choice: EngineChoice): void {
    if (!this.state.lost) return;
    this.set({ choice, lost: false });
    void this.start('run');
  }

  /** A test hook: end the worker without telling the session, as a crash would. */
  killWorker(): void {
    this.client?.worker.terminate?.();
  }

  /** A test hook: lose the worker's WebGL context, as a driver reset would. */
  loseContext(): void {
    this.client?.worker.postMessage({ type: 'lose-context' });
  }

  /**
   * Ends the run and forgets it; the next run starts from new initial weights, except for weights
   * given from outside (an imported ONNX model's): those are opened again, measured, as at the open.
   */
  reset(): void {
    const given = this.state.resume?.given ? this.state.resume : null;
    this.forget();
    if (given) this.hold(given, []);
  }

  /** Reset, and the next run draws the diagram's initialisers even where weights were given. */
  newWeights(): void {
    this.forget();
  }

  private forget(): void {
    this.drop();
    this.losses.clear();
    this.before = { steps: 0, epochs: 0, seconds: 0 };
    this.kept = null;
    this.revival = null;
    this.set({
      ...initial,
      resets: this.state.resets + 1,
      resume: null,
      points: this.state.points + 1,
      taken: this.taken(),
    });
  }

  /** After a run has ended: `epochs` more, from its weights and optimiser state. */
  more(epochs: number): void {
    if (!ENDED.has(this.state.phase) || !this.client) return;
    this.goOn(epochs, { phase: 'starting' });
    this.client.continue(epochs);
  }

  /** The ended run goes on in its worker for `epochs` more: the counts so far become the trainer's "before". */
  private goOn(epochs: number, patch: Partial<SessionState>): void {
    const { result, step, epoch } = this.state;
    this.before = { steps: step, epochs: result?.epochs ?? epoch, seconds: result?.seconds ?? 0 };
    const lastEpoch = this.before.epochs + epochs;
    this.set({ result: null, failure: null, message: null, lastEpoch, runEpochs: epochs, steppedOn: false, ...patch });
  }

  /** The worker died (`what` it did): the run stops at its kept weights, which Play starts a new worker from. */
  private died(what: string): void {
    const { patch, revival } = afterDeath(what, this.kept, this.state, this.losses);
    this.drop();
    this.revival = revival;
    this.set(patch);
  }

  /**
   * The document changed: an edit that changes what is trained (a box, a wire, the data)
   * pauses a run under way, which then offers to go on with the edited diagram.
   */
  documentChanged(doc: LensDocument): void {
    const { phase } = this.state;
    if (!this.trained.saw(doc) || !LIVE.has(phase)) return;
    // A held run (an opened model, not played) starts afresh at Play with the edit: nothing to ask.
    if (this.held.holding) return;
    if (phase === 'running' || phase === 'resuming') this.pause();
    this.set({ edited: true });
  }

  /** Back to the run as it was, the edit aside (the run keeps training the diagram it started with). */
  ignoreEdit(): void {
    if (!this.state.edited) return;
    this.trained.accept();
    this.set({ edited: false });
    this.play();
  }

  /**
   * Goes on with the edited diagram: a new run from this run's weights and optimiser state,
   * each kept where its box, port and shape did not change, the others fresh; the charts go on.
   */
  async continueEdited(): Promise<void> {
    if (!this.client || !this.state.edited) return;
    await this.fromRun();
  }

  /** A new run of the document as it is now, from this run's weights where they still fit. */
  private async fromRun(): Promise<void> {
    const { parseSavedModel } = await import('../../model/modelParse');
    if (!this.client) return;
    const parsed = await parseSavedModel(await this.client.modelFile());
    if (!parsed.ok) {
      this.set({ phase: 'error', message: parsed.errors.map((e) => e.message).join('; '), edited: false });
      return;
    }
    const { epochsDone, stepsDone, optimiserSteps } = parsed.model.trainingConfig;
    await this.start('run', {
      weights: parsed.weights,
      epochsDone,
      stepsDone,
      optimiserSteps,
      partial: true,
      seed: this.state.seed ?? 1,
    } as ResumeFrom);
  }

  /** The engine of the next run (a run under way keeps its own). */
  choose(choice: EngineChoice): void {
    this.set({ choice });
  }

  /** Takes effect at the next step of a run under way; the next run reads the document. */
  setHypers(h: Partial<Hypers>): void {
    this.client?.setHypers(h);
  }

  /**
   * An opened model file: a run starts paused from its weights at once, and measures them on the
   * whole sets, so its loss, accuracy and predictions show before Play (which goes on from there).
   */
  loadWeights(resume: OpenedWeights, history: readonly EpochMetrics[] = []): void {
    this.forget();
    this.hold(resume, history);
  }

  private hold(resume: OpenedWeights, history: readonly EpochMetrics[]): void {
    // A kept run opened again brings its per-epoch history back to the chart (runs/openRun.ts).
    this.set({ resume, step: resume.stepsDone, epoch: resume.epochsDone, epochs: history });
    this.before = { steps: resume.stepsDone, epochs: resume.epochsDone, seconds: 0 };
    void this.start('hold');
  }

  /** The user is moving the canvas (or stopped): the worker makes way meanwhile (./makeWay.ts). */
  makeWay(on: boolean): void {
    this.way.set(on, LIVE.has(this.state.phase));
  }

  /** Left behind on the shelf: an opened model not played yet lets its worker go (./heldRun.ts). */
  rest(): void {
    this.held.rest();
  }

  /** Shown again after rest(): the opened model's worker starts again from the page's weights. */
  wake(): void {
    this.held.wake();
  }

  dispose(): void {
    this.held.dispose();
    this.drop();
  }

  private drop(): void {
    this.way.stop();
    this.unpulse?.();
    this.unpulse = null;
    this.client?.terminate();
    this.client = null;
    this.reads.forget();
    this.trained.stopped();
    this.frames.drop();
  }

  /** `edit`: go on from a run's weights on an edited diagram, the charts kept. */
  private async start(mode: StartMode, edit?: ResumeFrom): Promise<void> {
    this.held.begin(mode === 'hold');
    const paused = mode !== 'run';
    this.drop();
    this.kept = null;
    this.revival = null;
    const { resets } = this.state;
    const resume = edit ?? this.state.resume;
    if (!edit) this.losses.clear();
    const keep = resume ? { step: resume.stepsDone, epoch: resume.epochsDone } : { step: 0, epoch: 0 };
    this.before = { steps: keep.step, epochs: keep.epoch, seconds: 0 };
    this.set({
      ...initial,
      ...keep,
      // their time was counted in another worker, or in none (a model file's)
      untimed: keep.step,
      lastEpoch: keep.epoch, // until the request is read: never "0" over a model's epochs
      // A run that goes on from weights keeps the epochs it was given (an edit's, a kept run's).
      ...(resume ? { epochs: this.state.epochs } : {}),
      ...(edit ? { firstLoss: this.state.firstLoss } : {}),
      phase: mode === 'step' ? 'stepping' : 'starting',
      resets,
      resume: this.state.resume,
      points: this.state.points + 1,
      taken: this.taken(),
    });
    let request: StartRequest;
    try {
      request = await this.source(this.state.choice);
    } catch (e) {
      this.set({ phase: 'error', message: e instanceof Error ? e.message : String(e) });
      return;
    }
    const trains = this.trained.started(request.document as LensDocument);
    this.held.startedWith(request.document as LensDocument);
    const settings = request.settings ?? {};
    // A run that continues another shuffles as it did (its seed); a model file's run as the
    // file's (the document's seed, no Reset offset).
    const seed = (resume as { seed?: number } | null)?.seed ?? (settings.seed ?? 1) + (resume ? 0 : resets);
    const client = this.spawn();
    this.client = client;
    const silent = (ms: number) =>
      this.client === client && this.died(`stopped answering (no reply for ${(ms / 1000).toFixed(1)} s)`);
    this.unpulse = watchPulse(client, silent, this.pulse);
    listenTo(client, {
      live: () => this.client === client,
      state: () => this.state,
      set: (patch) => this.set(patch),
      planned: (ready) => this.held.planned(ready),
      later: (patch) => this.later(patch),
      pending: () => this.frames.pending,
      before: () => this.before,
      stepTarget: () => this.stepTarget,
      losses: this.losses,
      drop: () => this.drop(),
      keep: (kept) => {
        this.kept = kept;
      },
      kept: () => this.kept,
      died: (what) => this.died(what),
    });
    // A new worker for a dead one trains the epochs the dead run had left.
    const until = (resume as Partial<Revival> | null)?.until;
    const epochs = until !== undefined ? Math.max(1, until - keep.epoch) : (settings.epochs ?? 100);
    // A held run (an opened model) plans its epochs when it is played (unhold): until then it shows the epochs done.
    this.set({
      lastEpoch: keep.epoch + (this.held.holding ? 0 : epochs),
      runEpochs: epochs,
      seed,
      trains,
    });
    const evaluate = mode === 'hold';
    const sent = { ...settings, seed, epochs };
    // A held run takes what of the file still fits: the document it reads may already carry an
    // edit made while it was being read (another optimiser has no use for Adam's state).
    const from = resume && mode === 'hold' ? { ...resume, partial: true } : resume;
    // Until its first step the run's weights are these, which the page holds: the worker sends
    // no copy of them (learn/trainRun.ts `keep`), and a worker that dies first starts again from them.
    this.kept = from ?? null;
    client.start({ ...request, settings: sent, ...(from ? { resume: from } : {}), paused, evaluate });
    if (mode === 'step') this.stepTo(client, keep.step + 1);
    else if (mode === 'hold' && this.state.phase === 'resuming') client.resume(); // Play came first
  }
}

/**
 * The page's side of training: one run at a time in a training worker, steered by the panel's
 * controls, with what the worker reports kept in a store the panel and the views read. The
 * panel never guesses: a control sets a "pausing…"-style phase at once, and the phase the run
 * is really in comes only from the worker's acknowledgements (docs/training-panel.md). What
 * the views read of the run (its model, weights, traces) goes through `reads` (./workerReads).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { LensDocument } from '../../io/document';
import { parseModelText } from '../../io/modelParse';
import type { Hypers } from '../../learn/optimisers/index';
import type { ResumeFrom } from '../../learn/session';
import type { TrainerClient } from '../../learn/trainerClient';
import type { EpochMetrics } from '../../learn/trainerTypes';
import type { StartRequest } from '../../learn/trainProtocol';
import { documentHash } from './documentHash';
import type { EngineChoice } from './engineChoice';
import { FrameBatch } from './frameBatch';
import { LossSeries } from './lossSeries';
import { listenTo } from './sessionReports';
import { ENDED, initial, LIVE, type SessionState } from './sessionState';
import { trainedShape } from './trainedShape';
import { WorkerReads } from './workerReads';

/** A make-way lasts 2 s in the worker (learn/pace.ts MAKE_WAY_MS) unless renewed: renewed twice as often. */
const RENEW_MAKE_WAY_MS = 1000;

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
  );
  private client: TrainerClient | null = null;
  /** Steps and epochs done before the worker's current trainer started. */
  private before = { steps: 0, epochs: 0 };
  /** While stepping: the step whose pause answers the Step. */
  private stepTarget = 0;
  /** What of the document the current run trains (trainedShape), to see an edit that matters. */
  private runShape: string | null = null;
  private lastShape: string | null = null;
  /** The document as this session last saw it (its own: the shelf tells each session of its document only). */
  private seen: LensDocument | null = null;
  /** The run was started paused to measure an opened model, and has not been played yet. */
  private holding = false;
  /** The store's changes, a snapshot's batched into one a frame. */
  private readonly frames: FrameBatch<SessionState>;
  /** While the canvas moves: the timer that renews the worker's make-way. */
  private renewing: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly spawn: () => TrainerClient,
    private readonly source: RequestSource,
    choice: EngineChoice = 'auto',
  ) {
    this.store = createStore<SessionState>(() => ({ ...initial, resets: 0, resume: null, choice, taken: 0 }));
    this.frames = new FrameBatch(this.store);
  }

  /** The document this session belongs to, as last seen; null before it was told of one. */
  get document(): LensDocument | null {
    return this.seen;
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
    const { phase } = this.state;
    if (phase === 'idle' || phase === 'error') void this.start('run');
    else if (phase === 'paused' || (phase === 'starting' && this.holding)) {
      // A held run (an opened model) still starting hears the resume once its trainer exists
      // (start() sends it if the worker is not spawned yet).
      this.holding = false;
      this.set({ phase: 'resuming' });
      this.client?.resume();
    } else if (ENDED.has(phase) && this.lastShape !== null && this.lastShape !== this.runShape) void this.fromRun();
    else if (ENDED.has(phase)) this.more(this.state.runEpochs);
  }

  pause(): void {
    if (this.state.phase !== 'running' && this.state.phase !== 'resuming') return;
    this.set({ phase: 'pausing' });
    this.client?.pause();
  }

  /** One batch: from a paused run, or a fresh run started paused. */
  step(): void {
    const { phase } = this.state;
    if (phase === 'idle' || phase === 'error') void this.start('step');
    else if (phase === 'paused' && this.client) {
      this.set({ phase: 'stepping' });
      this.stepTo(this.client, this.state.step + 1);
    }
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

  /** A test hook: lose the worker's WebGL context, as a driver reset would. */
  loseContext(): void {
    this.client?.worker.postMessage({ type: 'lose-context' });
  }

  /** Ends the run and forgets it; the next run starts from new initial weights. */
  reset(): void {
    this.drop();
    this.losses.clear();
    this.before = { steps: 0, epochs: 0 };
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
    this.before = { steps: this.state.step, epochs: this.state.result?.epochs ?? this.state.epoch };
    this.set({
      phase: 'starting',
      result: null,
      failure: null,
      message: null,
      lastEpoch: this.before.epochs + epochs,
      runEpochs: epochs,
    });
    this.client.continue(epochs);
  }

  /**
   * The document changed: an edit that changes what is trained (a box, a wire, the data)
   * pauses a run under way, which then offers to go on with the edited diagram.
   */
  documentChanged(doc: LensDocument): void {
    this.seen = doc;
    const { phase } = this.state;
    const shape = trainedShape(doc);
    this.lastShape = shape;
    if (this.runShape === null || !LIVE.has(phase) || shape === this.runShape) return;
    if (phase === 'running' || phase === 'resuming') this.pause();
    this.set({ edited: true });
  }

  /** Back to the run as it was, the edit aside (the run keeps training the diagram it started with). */
  ignoreEdit(): void {
    if (!this.state.edited) return;
    // Asked once per edit: the run now counts the edited document as the one it trains.
    this.runShape = this.lastShape ?? this.runShape;
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
    if (!this.client) return;
    const text = await this.client.model();
    const parsed = parseModelText(text);
    if (!parsed.ok) {
      this.set({ phase: 'error', message: parsed.errors.map((e) => e.message).join('; '), edited: false });
      return;
    }
    const { epochsDone, stepsDone } = parsed.model.trainingConfig;
    await this.start('run', {
      weights: parsed.weights,
      epochsDone,
      stepsDone,
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
  loadWeights(resume: ResumeFrom & { readonly name: string }, history: readonly EpochMetrics[] = []): void {
    this.reset();
    // A kept run opened again brings its per-epoch history back to the chart (runs/openRun.ts).
    this.set({ resume, step: resume.stepsDone, epoch: resume.epochsDone, epochs: history });
    this.before = { steps: resume.stepsDone, epochs: resume.epochsDone };
    void this.start('hold');
  }

  /**
   * The user is moving the canvas (or stopped): while they do, the worker trains in short
   * bursts so the gesture's frames get the CPU (learn/pace.ts), told again every
   * `RENEW_MAKE_WAY_MS` so that a make-way the page forgot to end runs out on its own.
   */
  makeWay(on: boolean): void {
    if (this.renewing !== null) clearInterval(this.renewing);
    this.renewing = null;
    if (!on) {
      this.client?.makeWay(false);
      return;
    }
    if (!this.client || !LIVE.has(this.state.phase)) return;
    this.client.makeWay(true);
    this.renewing = setInterval(() => this.client?.makeWay(true), RENEW_MAKE_WAY_MS);
  }

  dispose(): void {
    this.drop();
  }

  private drop(): void {
    if (this.renewing !== null) clearInterval(this.renewing);
    this.renewing = null;
    this.client?.terminate();
    this.client = null;
    this.reads.forget();
    this.runShape = null;
    this.frames.drop();
  }

  /** `edit`: go on from a run's weights on an edited diagram, the charts kept. */
  private async start(mode: StartMode, edit?: ResumeFrom): Promise<void> {
    const paused = mode !== 'run';
    this.holding = mode === 'hold';
    this.drop();
    const { resets } = this.state;
    const resume = edit ?? this.state.resume;
    if (!edit) this.losses.clear();
    const keep = resume ? { step: resume.stepsDone, epoch: resume.epochsDone } : { step: 0, epoch: 0 };
    this.before = { steps: keep.step, epochs: keep.epoch };
    this.set({
      ...initial,
      ...keep,
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
    const trained = request.document as LensDocument;
    this.runShape = trainedShape(trained);
    const settings = request.settings ?? {};
    // A run that continues another shuffles as it did (its seed); a model file's run as the
    // file's (the document's seed, no Reset offset).
    const seed = (resume as { seed?: number } | null)?.seed ?? (settings.seed ?? 1) + (resume ? 0 : resets);
    const client = this.spawn();
    this.client = client;
    listenTo(client, {
      live: () => this.client === client,
      state: () => this.state,
      set: (patch) => this.set(patch),
      later: (patch) => this.later(patch),
      pending: () => this.frames.pending,
      before: () => this.before,
      stepTarget: () => this.stepTarget,
      losses: this.losses,
      drop: () => this.drop(),
    });
    const epochs = settings.epochs ?? 100;
    this.set({
      lastEpoch: keep.epoch + epochs,
      runEpochs: epochs,
      seed,
      trains: { hash: documentHash(trained), name: trained.name },
    });
    const evaluate = mode === 'hold';
    client.start({ ...request, settings: { ...settings, seed }, ...(resume ? { resume } : {}), paused, evaluate });
    if (mode === 'step') this.stepTo(client, keep.step + 1);
    else if (mode === 'hold' && this.state.phase === 'resuming') client.resume(); // Play came first
  }
}

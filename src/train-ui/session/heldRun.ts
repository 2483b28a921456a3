/**
 * The held run of a training session: an opened model's run, started paused to measure its
 * weights, that has not been played yet (docs/training-panel.md, "Runs belong to their
 * document"). While held it shows the epochs done rather than a plan, starts afresh at Play if
 * the document's run settings changed since it started, and may rest: let its worker go while
 * its session is left behind, and wake, measured again, when shown again or played. The session
 * (./trainSession.ts) asks this module and gives it what it reads of the session.
 */
import type { LensDocument } from '../../io/document';
import { batchesTaken } from '../../learn/epochPlace';
import type { ResumeFrom } from '../../learn/session';
import type { Ready } from '../../learn/trainProtocol';
import { runSettings } from './runSettings';
import type { SessionState } from './sessionState';

/** What the held run reads of its session, and the two things it asks of it. */
export interface HeldSession {
  /** The session's state now. */
  state(): SessionState;
  /** Epochs done before the worker's current trainer started. */
  epochsBefore(): number;
  /** The document as last seen; null before the session was told of one. */
  document(): LensDocument | null;
  /** A worker is spawned. */
  live(): boolean;
  /** Lets the worker go (the session's drop). */
  drop(): void;
  /** Starts the held run again, paused and measured, from the page's weights. */
  hold(): void;
}

export class HeldRun {
  /** The run was started paused to measure an opened model, and has not been played yet. */
  private held = false;
  /** An opened model's session left behind, its worker let go until it is shown again (rest). */
  private resting = false;
  /** The document's run settings (./runSettings.ts) when the held run was started. */
  private heldWith: string | null = null;

  constructor(private readonly session: HeldSession) {}

  /** A held run (an opened model, not played yet). */
  get holding(): boolean {
    return this.held;
  }

  /** A run starts: held when it measures an opened model (the 'hold' mode); it does not rest. */
  begin(hold: boolean): void {
    this.resting = false;
    this.held = hold;
  }

  /** The started run's request was read: a held run remembers the document's run settings. */
  startedWith(doc: LensDocument): void {
    this.heldWith = this.held ? runSettings(doc) : null;
  }

  /**
   * A held run (an opened model, not played yet) whose document has changed since it started
   * in anything a run is started with: its epochs, batch, loss, optimiser or their numbers.
   */
  stale(): boolean {
    const doc = this.session.document();
    const state = this.session.state();
    if (!this.held || !state.resume || !doc || this.heldWith === null) return false;
    return (state.phase === 'paused' || state.phase === 'starting') && runSettings(doc) !== this.heldWith;
  }

  /** The opened model's weights for a run that starts afresh from them: each that still fits is kept. */
  weights(): ResumeFrom | undefined {
    const resume = this.session.state().resume;
    return resume ? { ...resume, partial: true } : undefined;
  }

  /**
   * A held run whose weights stand inside an epoch (a model file written between two steps of
   * it: paused, or stepped on past a finished run) has that epoch under way: it shows the plan
   * it goes on with ("401 / 800"), as the run that wrote the file did, not its whole epochs as
   * done ("400 / 400" at step 60,001). A held run at an epoch's end waits for Play to plan.
   */
  planned(ready: Ready): Partial<SessionState> {
    const state = this.session.state();
    if (!this.held || batchesTaken(state.step, this.session.epochsBefore(), ready.stepsPerEpoch) === 0) return {};
    return { lastEpoch: this.session.epochsBefore() + state.runEpochs };
  }

  /** A held run (an opened model) leaves its hold: it now plans its epochs. */
  unhold(): Partial<SessionState> {
    if (!this.held) return {};
    this.held = false;
    return { lastEpoch: this.session.epochsBefore() + this.session.state().runEpochs };
  }

  /**
   * Left behind on the shelf: an opened model not played yet lets its worker go (the page holds
   * its weights, once; the worker of a 25 M-parameter model holds over a gigabyte), and starts
   * again, measured, when it is shown again or played (docs/training-panel.md, "Runs belong to
   * their document").
   */
  rest(): void {
    const { phase, resume, step } = this.session.state();
    if (!this.held || !this.session.live() || !resume || step !== resume.stepsDone) return;
    if (phase !== 'paused' && phase !== 'starting') return;
    this.session.drop();
    this.resting = true;
  }

  /** Shown again after rest(): the opened model's worker starts again from the page's weights. */
  wake(): void {
    if (!this.resting) return;
    this.resting = false;
    this.session.hold();
  }

  /** The session is disposed: a resting run does not wake. */
  dispose(): void {
    this.resting = false;
  }
}

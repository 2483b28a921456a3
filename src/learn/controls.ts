/**
 * The trainer's controls as a small state machine: pause, resume, one step, stop. The training
 * loop asks `gate` before every step; while paused it parks in `parked` until a control changes
 * something. A control that arrives while the loop is busy (reading outputs back before it
 * parks) is not lost: the loop looks at the state again right before it sleeps.
 */
import type { TrainerStatus } from './trainerTypes';

export class Controls {
  private state: TrainerStatus = 'idle';
  /** Single steps asked for while paused. */
  private allowance = 0;
  private wake: (() => void) | null = null;

  get status(): TrainerStatus {
    return this.state;
  }

  /** Before run() too: the run then starts paused. */
  pause(): void {
    if (this.state === 'running' || this.state === 'idle') this.set('paused');
  }
  resume(): void {
    if (this.state === 'paused') this.set('running');
  }
  /** While paused: take exactly one more step. */
  stepOnce(): void {
    this.allowance++;
    this.poke();
  }
  stop(): void {
    if (this.state === 'running' || this.state === 'paused' || this.state === 'idle') this.set('stopped');
  }

  /** The loop's own moves: it starts, it ends, it fails. */
  start(): void {
    if (this.state === 'idle') this.state = 'running';
  }
  end(status: 'done' | 'stopped' | 'failed'): void {
    this.set(status);
  }

  get stopped(): boolean {
    return this.state === 'stopped' || this.state === 'failed';
  }

  /**
   * Before each step, without awaiting anything: 'go' (using up a single step, if one was asked
   * for), 'stop', or 'park' when paused with no step asked for (then call `parked`).
   */
  gate(): 'go' | 'stop' | 'park' {
    if (this.stopped) return 'stop';
    if (this.waiting()) return 'park';
    if (this.allowance > 0) this.allowance--;
    return 'go';
  }

  /**
   * Parks until a control lets the loop go on or stop: runs `park` (which reads every step back
   * and reports it), then sleeps until a control wakes it, and again while nothing changed;
   * calls `unpark` when it goes on.
   */
  async parked(park: () => Promise<void>, unpark: () => void): Promise<'go' | 'stop'> {
    while (this.waiting()) {
      await park();
      // Looked at again after park's await: a control may have come meanwhile.
      if (!this.waiting()) break;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
    }
    const gate = this.gate() as 'go' | 'stop';
    if (gate === 'go') unpark();
    return gate;
  }

  private waiting(): boolean {
    return this.state === 'paused' && this.allowance === 0;
  }

  private set(s: TrainerStatus): void {
    this.state = s;
    this.poke();
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }
}

/**
 * Watching for NaN and ±∞ while training, cheaply: every step's loss is checked as it is
 * reported, and every `every` steps the runner keeps its learnt values and state aside (copies on
 * the typed engine, the tensors themselves on tfjs) and checks that they are finite. A kept
 * copy is *confirmed* once every loss up to it was finite and its values are: the last confirmed
 * one is where a failure rolls back to, before ./firstNonFinite replays the steps after it to
 * find the first one that went wrong and the box that did.
 */
import type { Kept, StepRunner } from './runners/types';

interface Checkpoint {
  readonly step: number;
  readonly kept: Kept;
  /** null while its check (a read-back on tfjs) is under way. */
  finite: boolean | null;
  /** That check, while under way. */
  check?: Promise<void>;
}

export class FiniteGuard {
  private confirmed: Checkpoint;
  private pending: Checkpoint[] = [];
  private reportedThrough = 0;
  /** A step by which something is known not to be finite (the first bad one is at or before it). */
  private badBy: number | null = null;
  private cause: 'loss' | 'values' | null = null;
  /** Checks under way (tfjs): `behind` asks nothing more of the typed engine's steps. */
  private open = 0;

  constructor(
    private readonly runner: StepRunner,
    private readonly every: number,
    start = 0,
  ) {
    this.confirmed = { step: start, kept: runner.keep(), finite: true };
  }

  /** Something is known not to be finite: stop taking steps. */
  get failed(): boolean {
    return this.badBy !== null;
  }

  /** What the failure is known by, and the range the first bad step lies in. */
  get failure(): { cause: 'loss' | 'values'; after: Checkpoint; by: number } | null {
    if (this.badBy === null || this.cause === null) return null;
    return { cause: this.cause, after: this.confirmed, by: this.badBy };
  }

  /** After step `n` was taken (its outputs perhaps not read yet). */
  stepped(n: number): void {
    if (n % this.every !== 0 || this.failed) return;
    const checkpoint: Checkpoint = { step: n, kept: this.runner.keep(), finite: null };
    this.pending.push(checkpoint);
    const finite = checkpoint.kept.finite();
    if (typeof finite === 'boolean') {
      this.checked(checkpoint, finite);
      return;
    }
    this.open++;
    checkpoint.check = finite.then((ok) => {
      this.open--;
      this.checked(checkpoint, ok);
    });
    // A failed read is thrown by `settle`; until then it must not count as unhandled.
    checkpoint.check.catch(() => {});
  }

  /** Step `n`'s loss was read back. */
  reported(n: number, finiteLoss: boolean): void {
    this.reportedThrough = n;
    if (!finiteLoss) this.mark(n, 'loss');
    this.confirm();
  }

  /** Whether a check older than `lag` steps is still under way at step `n` (then `settle`). */
  behind(n: number, lag: number): boolean {
    if (this.open === 0) return false;
    return this.pending.some((c) => c.finite === null && n - c.step >= lag);
  }

  /** Waits for the checks under way (tfjs reads one number back per check). */
  async settle(): Promise<void> {
    await Promise.all(this.pending.map((c) => c.check));
  }

  /** Frees every kept copy; the guard is done. */
  release(): void {
    for (const c of this.pending) c.kept.release();
    this.pending = [];
    this.confirmed.kept.release();
  }

  private checked(c: Checkpoint, ok: boolean): void {
    c.finite = ok;
    if (!ok) this.mark(c.step, 'values');
    this.confirm();
  }

  private mark(n: number, cause: 'loss' | 'values'): void {
    if (this.badBy !== null && this.badBy <= n) return;
    this.badBy = n;
    this.cause = cause;
  }

  /** Moves `confirmed` on to every pending copy that is now known good. */
  private confirm(): void {
    for (;;) {
      const next = this.pending[0];
      if (next?.finite !== true || this.reportedThrough < next.step) return;
      if (this.badBy !== null && this.badBy <= next.step) return;
      this.confirmed.kept.release();
      this.confirmed = next;
      this.pending.shift();
    }
  }
}

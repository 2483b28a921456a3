/**
 * The time a run spends training, which its "… steps in 3.2 s" and its steps per second are
 * measured by: it starts at the first step (not at Play: loading, compiling and Auto's race are
 * not training) and stands still while the run is parked, so a run paused for a minute does not
 * look a minute slower. The loop starts it before each step and stops it when it parks or ends.
 */
export class TrainClock {
  /** When it last started counting; null while it stands still. */
  private since: number | null = null;
  private total = 0;

  /** A step is about to be taken: count from now (again), if not counting already. */
  go(): void {
    if (this.since === null) this.since = performance.now();
  }

  /** The run parks or ends: stop counting until the next step. */
  halt(): void {
    if (this.since === null) return;
    this.total += performance.now() - this.since;
    this.since = null;
  }

  /** Milliseconds of training so far. */
  ms(): number {
    return this.total + (this.since === null ? 0 : performance.now() - this.since);
  }
}

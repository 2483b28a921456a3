/**
 * Reading a deferred runner's steps back (tfjs): the steps go on while their outputs travel,
 * and are reported in step order when they land. Two bounds: a read starts every `readEvery`
 * steps (or at a yield when none is under way), and no more than `maxUnread` steps run ahead of
 * the last one reported — so a loss that is not finite is seen within that many steps.
 */
import type { Batch } from '../data/dataset';
import type { DeferredSteps, RunOutputs } from './runners/types';

export class ReadBack {
  /** Rows of the steps run but not yet being read, in step order. */
  private waiting: Batch[] = [];
  /** The reads under way, oldest first, each with its number of steps. */
  private reads: { done: Promise<void>; steps: number }[] = [];
  /** The last read's promise: reads are chained so that their steps are reported in order. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly deferred: DeferredSteps,
    private readonly report: (out: RunOutputs, rows: Batch) => void,
    private readonly readEvery: number,
    private readonly maxUnread: number,
  ) {}

  /** Steps run and not yet reported. */
  get unread(): number {
    return this.waiting.length + this.reads.reduce((n, r) => n + r.steps, 0);
  }

  /** One step on the device; waits only when `maxUnread` steps would otherwise be unreported. */
  async step(rows: Batch): Promise<void> {
    this.deferred.step(rows);
    this.waiting.push(rows);
    if (this.waiting.length >= this.readEvery) this.start();
    while (this.unread >= this.maxUnread) {
      if (this.reads.length === 0) this.start();
      await this.reads[0].done;
    }
  }

  /** Starts reading what waits, unless a read is under way (a yield must not wait on the device). */
  startIfIdle(): void {
    if (this.reads.length === 0) this.start();
  }

  /** Every step so far read back and reported; a failed read throws here. */
  async flush(): Promise<void> {
    this.start();
    await this.chain;
  }

  private start(): void {
    if (this.waiting.length === 0) return;
    const rows = this.waiting;
    this.waiting = [];
    const read = this.deferred.read();
    const done = this.chain.then(async () => {
      const outs = await read;
      for (let i = 0; i < outs.length; i++) this.report(outs[i], rows[i]);
    });
    const entry = { done, steps: rows.length };
    this.reads.push(entry);
    this.chain = done;
    const landed = () => {
      this.reads = this.reads.filter((r) => r !== entry);
    };
    done.then(landed, landed);
  }
}

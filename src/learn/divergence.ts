/**
 * A run that diverges says so. A loss that turns NaN or ±∞ stops the run (./guard); a loss that
 * stays finite but grows by orders of magnitude (Adam at ε = 1e30 reaches 4.8e29 on XOR) trains
 * on, and would end in a model file without a word. The rule: an epoch's loss above
 * DIVERGENCE_FACTOR times the higher of the lowest loss seen before it and the loss of the run's
 * first step (the weights it started from; a large enough step blows the loss up within the first
 * epoch). The first step bounds the bar from below: Adam near a minimum spikes (XOR from 1.1e-4
 * back to 0.56 in one epoch, still under where it started), and that is no divergence. When the
 * first step's loss is not known, the lowest before is the bar. Only positive losses are compared: a ratio means nothing for a loss that may be zero or
 * negative (a dream's score). The trainer's callers (the CLI, the training panel) apply it to the
 * losses they already receive; it warns and never stops the run.
 */
import type { EpochMetrics } from './trainerTypes';

export const DIVERGENCE_FACTOR = 100;

export interface Divergence {
  /** The first epoch (counted from 0) whose loss passed the bar. */
  readonly epoch: number;
  readonly loss: number;
  /** The loss it was judged against (the bar ÷ the factor), and where it was seen: an epoch, or null for the first step. */
  readonly best: number;
  readonly bestEpoch: number | null;
  /** One sentence, for the panel's status or a terminal. */
  readonly message: string;
}

/** The loss an epoch is judged by: the whole training set's when it was measured, else the running mean. */
export const epochLoss = (e: {
  readonly running: Pick<EpochMetrics['running'], 'loss'>;
  readonly train: Pick<EpochMetrics['running'], 'loss'> | null;
}): number => (e.train ?? e.running).loss;

const num = (x: number) => (Math.abs(x) >= 1e4 || Math.abs(x) < 1e-3 ? x.toExponential(2) : x.toPrecision(3));

function sentence(epoch: number, loss: number, best: number, bestEpoch: number | null): string {
  const where = bestEpoch === null ? 'at the first step' : `in epoch ${bestEpoch + 1}`;
  return `the loss diverges: ${num(loss)} in epoch ${epoch + 1}, ${num(loss / best)} times the ${num(best)} ${where}; the learning rate is likely too large`;
}

/** Follows a run as it reports: each epoch is judged against the lowest loss before it. */
export class DivergenceWatch {
  private best = Number.POSITIVE_INFINITY;
  private bestEpoch: number | null = null;
  /** The first step's loss, when known and positive; 0 otherwise. */
  private start = 0;
  private started = false;
  private found: Divergence | null = null;

  /** The loss of the run's first step (the weights it started from); only the first call counts. */
  first(loss: number): void {
    if (this.started) return;
    this.started = true;
    if (!Number.isFinite(loss) || loss <= 0) return;
    this.start = loss;
    if (this.bestEpoch === null) this.best = Math.min(this.best, loss);
  }

  /**
   * An epoch ended with this loss: the divergence when this epoch is the first past the bar, else
   * null. Non-finite losses are the guard's business, not this rule's: they are skipped.
   */
  epoch(epoch: number, loss: number): Divergence | null {
    if (this.found || !Number.isFinite(loss)) return null;
    // the bar: the lowest before, but never below the first step's loss
    const fromStart = this.start > this.best;
    const best = fromStart ? this.start : this.best;
    const bestEpoch = fromStart ? null : this.bestEpoch;
    if (loss > DIVERGENCE_FACTOR * best) {
      this.found = { epoch, loss, best, bestEpoch, message: sentence(epoch, loss, best, bestEpoch) };
      return this.found;
    }
    if (loss > 0 && loss < best) {
      this.best = loss;
      this.bestEpoch = epoch;
    }
    return null;
  }

  /** The divergence seen, if any: once seen it stays. */
  get divergence(): Divergence | null {
    return this.found;
  }
}

/** The first epoch whose loss is above DIVERGENCE_FACTOR × the higher of the lowest positive loss before it and `start` (the first step's loss), or null. */
export function findDivergence(
  start: number | null,
  epochs: readonly { readonly epoch: number; readonly loss: number }[],
): Divergence | null {
  const watch = new DivergenceWatch();
  if (start !== null) watch.first(start);
  for (const { epoch, loss } of epochs) if (watch.epoch(epoch, loss)) break;
  return watch.divergence;
}

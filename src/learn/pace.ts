/**
 * How often the training loop gives the event loop a turn, and whether it sleeps there. Normally
 * it yields after ~10 ms of work and goes straight on. While the page *makes way* (the user pans
 * or zooms the canvas: docs/training-panel.md, "The page stays alive"), it works in bursts of
 * `BURST_MS` and sleeps `GAP_MS` between them: on a machine whose cores the page's raster and
 * compositor share with the worker, the gesture's frames get the CPU and training goes on at
 * about a fifth of its speed. A make-way lasts `MAKE_WAY_MS` unless renewed, so a page that
 * never says the gesture ended cannot slow a run for good.
 */

/** Work between yields while making way, ms. */
export const BURST_MS = 3;
/** Sleep at each yield while making way, ms. */
export const GAP_MS = 12;
/** A make-way not renewed ends after this long, ms. */
export const MAKE_WAY_MS = 2000;

export class Pace {
  /** Until when the loop makes way (clock ms); 0 when it does not. */
  private until = 0;

  constructor(
    /** Work between yields, ms, when not making way. */
    private readonly yieldEveryMs = 10,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  /** `on`: make way from now for `MAKE_WAY_MS` (a renewal extends it); off: at once back to full speed. */
  makeWay(on: boolean): void {
    this.until = on ? this.clock() + MAKE_WAY_MS : 0;
  }

  get makingWay(): boolean {
    return this.until > 0 && this.clock() < this.until;
  }

  /** Whether work since `lastYield` is enough for a yield. */
  due(lastYield: number): boolean {
    return this.clock() - lastYield > (this.makingWay ? BURST_MS : this.yieldEveryMs);
  }

  /** How long to sleep at this yield, ms: 0 (a bare turn of the event loop) unless making way. */
  gap(): number {
    return this.makingWay ? GAP_MS : 0;
  }

  now(): number {
    return this.clock();
  }
}

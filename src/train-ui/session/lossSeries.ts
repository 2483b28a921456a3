/**
 * Every step's loss, kept in growing typed arrays (a run of 100,000 steps is 1.6 MB), read by
 * the chart as columns. Appending never copies what is there more than log₂(n) times.
 */
export class LossSeries {
  private x = new Float64Array(1024);
  private y = new Float64Array(1024);
  private n = 0;

  get length(): number {
    return this.n;
  }

  clear(): void {
    this.n = 0;
  }

  /** Forgets the steps after `step` (a dead worker's, after the weights the page kept). */
  truncate(step: number): void {
    while (this.n > 0 && this.x[this.n - 1] > step) this.n--;
  }

  /** Losses of consecutive steps, the first of them step `from` (counted from 1). */
  append(from: number, losses: ArrayLike<number>): void {
    const need = this.n + losses.length;
    if (need > this.x.length) {
      const size = Math.max(need, this.x.length * 2);
      const grow = (a: Float64Array) => {
        const b = new Float64Array(size);
        b.set(a.subarray(0, this.n));
        return b;
      };
      this.x = grow(this.x);
      this.y = grow(this.y);
    }
    for (let i = 0; i < losses.length; i++) {
      this.x[this.n + i] = from + i;
      this.y[this.n + i] = losses[i];
    }
    this.n = need;
  }

  /** Steps and losses as columns; views of the kept arrays, valid until the next append. */
  columns(): [Float64Array, Float64Array] {
    return [this.x.subarray(0, this.n), this.y.subarray(0, this.n)];
  }

  /**
   * At most `buckets` points for a chart: consecutive steps averaged bucket by bucket (a chart
   * of 100,000 points costs a frame to draw; the eye sees no more than its width in pixels).
   */
  thinned(buckets: number): [Float64Array, Float64Array] {
    if (this.n <= buckets) return this.columns();
    const size = this.n / buckets;
    const x = new Float64Array(buckets);
    const y = new Float64Array(buckets);
    for (let b = 0; b < buckets; b++) {
      const from = Math.floor(b * size);
      const to = Math.floor((b + 1) * size);
      let sx = 0;
      let sy = 0;
      for (let i = from; i < to; i++) {
        sx += this.x[i];
        sy += this.y[i];
      }
      x[b] = sx / (to - from);
      y[b] = sy / (to - from);
    }
    return [x, y];
  }

  /** The last loss, or null before the first step. */
  last(): number | null {
    return this.n > 0 ? this.y[this.n - 1] : null;
  }
}

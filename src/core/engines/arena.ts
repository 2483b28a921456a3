/**
 * A bump arena of typed arrays. A Program asks for the same sequence of buffer sizes on every
 * run at a given batch size, so after the first run every request is served by the array it
 * got last time: no allocation per step. Arrays come back dirty; accumulating kernels zero them.
 */
export type Floats = Float64Array | Float32Array;
export type Dtype = 'float64' | 'float32';

export class Arena {
  private readonly slots: Floats[] = [];
  private next = 0;
  /** Arrays created since construction: a test reads it to see that reuse happens. */
  allocations = 0;

  constructor(readonly dtype: Dtype) {}

  alloc(n: number): Floats {
    const slot = this.slots[this.next];
    if (slot && slot.length === n) {
      this.next++;
      return slot;
    }
    this.allocations++;
    const fresh = this.dtype === 'float64' ? new Float64Array(n) : new Float32Array(n);
    this.slots[this.next++] = fresh;
    return fresh;
  }

  reset(): void {
    this.next = 0;
  }
}

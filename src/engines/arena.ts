/**
 * A bump arena of typed arrays. A Program asks for the same sequence of buffer sizes on every
 * run at a given batch size, so after the first run every request is served by the array it
 * got last time: no allocation per step. Arrays come back dirty; accumulating kernels zero them.
 * `tensor` does the same for the { shape, data } records the kernel hands out, `view` for
 * the records of a reshape.
 */
import { sameShape, shapeSize } from '../core/shape';

export type Floats = Float64Array | Float32Array;
export type Dtype = 'float64' | 'float32';

export class Arena {
  private readonly slots: Floats[] = [];
  private readonly records: ({ shape: readonly number[]; data: Floats } | undefined)[] = [];
  private next = 0;
  /** Records of other arrays under a new shape (reshape), reused run after run like `records`. */
  private readonly views: { shape: readonly number[]; data: Floats }[] = [];
  private nextView = 0;
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

  /** A record { shape, data } with fresh (dirty) data of shape's size, reused run after run. */
  tensor(shape: readonly number[]): { shape: readonly number[]; data: Floats } {
    const at = this.next;
    const data = this.alloc(shapeSize(shape));
    const known = this.records[at];
    if (known && known.data === data && sameShape(known.shape, shape)) return known;
    const fresh = { shape: [...shape], data };
    this.records[at] = fresh;
    return fresh;
  }

  /** A record { shape, data } of existing data (a reshape), reused run after run: data may change. */
  view(shape: readonly number[], data: Floats): { shape: readonly number[]; data: Floats } {
    const at = this.nextView++;
    const known = this.views[at];
    if (known && sameShape(known.shape, shape)) {
      known.data = data;
      return known;
    }
    const fresh = { shape: [...shape], data };
    this.views[at] = fresh;
    return fresh;
  }

  reset(): void {
    this.next = 0;
    this.nextView = 0;
  }
}

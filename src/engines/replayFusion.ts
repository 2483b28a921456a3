/**
 * Neighbouring calls of a replay joined into one loop (./typedReplay; docs/architecture.md, "The
 * small end"). A gradient step ends in adds `w + d`, each `d` made by a call that computes it
 * value by value: an outer product (a weight's change at batch 1) or a sum over a batch of one
 * (a bias's). Replayed one after the other, `d` is written in one sweep and read back in
 * another; here it is written and added in the same sweep. `d` is still stored — a replay's
 * buffers read as a kernel run's — and read back from its array, so a float32 `d` is rounded
 * before the add exactly as when the add read it later; the bits are the kernel run's.
 */
import type { Floats } from './arena';

/**
 * A recorded call whose result d a later `w + d` may compute in its own loop: `at` is the call's
 * place in the recording, and `withAdd(w, o)` the one call that writes d and o = w + d.
 */
export interface Fusable {
  readonly at: number;
  readonly withAdd: (w: number, o: number) => (slots: Floats[]) => void;
}

/**
 * d[i,j] = a(i)·b[j] for i < n, j < m (a(i) = a[i·si]): the outer product matmulInto makes when
 * the shared dimension is 1, and o = w + d, in one sweep.
 */
export function outerAddInto(
  a: Floats,
  si: number,
  b: Floats,
  d: Floats,
  w: Floats,
  o: Floats,
  n: number,
  m: number,
): void {
  for (let i = 0; i < n; i++) {
    const av = a[i * si];
    const oo = i * m;
    for (let j = 0; j < m; j++) {
      d[oo + j] = av * b[j];
      o[oo + j] = w[oo + j] + d[oo + j];
    }
  }
}

/**
 * d = the sum of x's one row (as sumRows sums it: 0 + x, so −0 comes out +0) and o = w + d, in
 * one sweep of n values.
 */
export function rowAddInto(x: Floats, d: Floats, w: Floats, o: Floats, n: number): void {
  for (let j = 0; j < n; j++) {
    d[j] = 0 + x[j];
    o[j] = w[j] + d[j];
  }
}

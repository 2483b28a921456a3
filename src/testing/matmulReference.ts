/**
 * The order the typed kernel's product loops (engines/matmulLoops.ts, engines/matmulNarrow.ts)
 * sum each o[i,j] in, for their tests: p in fours, a four of zeros in a skipped (both rows' when
 * the rows go in pairs), then one by one (docs/architecture.md, "The small end").
 */

import type { Floats } from '../engines/arena';

/** Values that a product must carry through as the loops do: zeros of both signs, ±1, ∞, NaN. */
const ODD = [0, 0, 0, -0, 1, -1, Number.POSITIVE_INFINITY, Number.NaN];

/** Random operands of `len` values in `dtype`; `sparse` ones are 40% odd values (mostly zeros). */
export function operands(rng: () => number, dtype: 'float32' | 'float64'): (len: number, sparse: boolean) => Floats {
  const value = (sparse: boolean) =>
    rng() < (sparse ? 0.4 : 0.05) ? ODD[Math.floor(rng() * ODD.length)] : 4 * rng() - 2;
  return (len, sparse) => {
    const xs = Array.from({ length: len }, () => value(sparse));
    return dtype === 'float64' ? Float64Array.from(xs) : Float32Array.from(xs);
  };
}

/** o[i,j] as the loops sum it; `paired`: rows go two at a time (the accumulator holds 2m). */
export function reference(
  at: (i: number, p: number) => number,
  bt: (p: number, j: number) => number,
  n: number,
  m: number,
  k: number,
  paired: boolean,
  transB: boolean,
): number[] {
  const o: number[] = [];
  for (let i = 0; i < n; i++) {
    // dot products along rows of b (transB) skip nothing; so does an outer product (k = 1)
    const skips = !transB && k > 1;
    const partner = paired && i - (i % 2) + 1 < n ? (i % 2 === 0 ? i + 1 : i - 1) : -1;
    const zero = (p: number) => at(i, p) === 0 && (partner < 0 || at(partner, p) === 0);
    for (let j = 0; j < m; j++) {
      let s = 0;
      let p = 0;
      if (!transB && k > 1)
        for (; p + 3 < k; p += 4) {
          if (skips && zero(p) && zero(p + 1) && zero(p + 2) && zero(p + 3)) continue;
          s +=
            at(i, p) * bt(p, j) +
            at(i, p + 1) * bt(p + 1, j) +
            at(i, p + 2) * bt(p + 2, j) +
            at(i, p + 3) * bt(p + 3, j);
        }
      for (; p < k; p++) {
        if (skips && zero(p)) continue;
        s = k === 1 && !transB ? at(i, p) * bt(p, j) : s + at(i, p) * bt(p, j);
      }
      o.push(s);
    }
  }
  return o;
}

export const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

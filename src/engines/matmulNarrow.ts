/**
 * The typed kernel's product for rows of o of fewer than four values (./matmulLoops.ts hands
 * them here): each o[i,j] summed in a local double over the same terms in the same order as the
 * general loops, so a narrow product and a wide one agree to the bit (docs/architecture.md,
 * "The small end"). The pair loop repeats the single one by hand, on purpose: it is the speed.
 */
import type { Floats } from './arena';

/**
 * axpyRows for rows of o of fewer than four values (a product ending in 3 outputs, say): a
 * sweep over a row of 1–3 values costs more in loop than in arithmetic, so each o[i,j] is
 * summed in a local double instead, column by column, over the same terms in the same order
 * as axpyRows — p in fours, then one by one, rows in pairs when `paired` as there, a four
 * skipped only when axpyRows skips it (zeros in a: both rows' when paired) — for the same bits.
 */
export function axpyNarrow(
  a: Floats,
  si: number,
  sp: number,
  b: Floats,
  bc: number,
  o: Floats,
  n: number,
  m: number,
  k: number,
  paired: boolean,
): void {
  let i = 0;
  if (paired) for (; i + 1 < n; i += 2) axpyNarrowPair(a, i * si, si, sp, b, bc, o, i * m, m, k);
  for (; i < n; i++) {
    const ai = i * si;
    const oo = i * m;
    for (let j = 0; j < m; j++) {
      let s = 0;
      let p = 0;
      for (; p + 3 < k; p += 4) {
        const a0 = a[ai + p * sp];
        const a1 = a[ai + (p + 1) * sp];
        const a2 = a[ai + (p + 2) * sp];
        const a3 = a[ai + (p + 3) * sp];
        if (a0 === 0 && a1 === 0 && a2 === 0 && a3 === 0) continue;
        const b0 = p * bc + j;
        s += a0 * b[b0] + a1 * b[b0 + bc] + a2 * b[b0 + 2 * bc] + a3 * b[b0 + 3 * bc];
      }
      for (; p < k; p++) {
        const av = a[ai + p * sp];
        if (av !== 0) s += av * b[p * bc + j];
      }
      o[oo + j] = s;
    }
  }
}

/** Rows i and i+1 of axpyNarrow (as axpyRowPair: a four skipped only when both rows' are zeros). */
function axpyNarrowPair(
  a: Floats,
  ai: number,
  si: number,
  sp: number,
  b: Floats,
  bc: number,
  o: Floats,
  oo: number,
  m: number,
  k: number,
): void {
  const aj = ai + si;
  for (let j = 0; j < m; j++) {
    let s = 0;
    let t = 0;
    let p = 0;
    for (; p + 3 < k; p += 4) {
      const x0 = a[ai + p * sp];
      const x1 = a[ai + (p + 1) * sp];
      const x2 = a[ai + (p + 2) * sp];
      const x3 = a[ai + (p + 3) * sp];
      const y0 = a[aj + p * sp];
      const y1 = a[aj + (p + 1) * sp];
      const y2 = a[aj + (p + 2) * sp];
      const y3 = a[aj + (p + 3) * sp];
      if (x0 === 0 && x1 === 0 && x2 === 0 && x3 === 0 && y0 === 0 && y1 === 0 && y2 === 0 && y3 === 0) continue;
      const b0 = p * bc + j;
      const v0 = b[b0];
      const v1 = b[b0 + bc];
      const v2 = b[b0 + 2 * bc];
      const v3 = b[b0 + 3 * bc];
      s += x0 * v0 + x1 * v1 + x2 * v2 + x3 * v3;
      t += y0 * v0 + y1 * v1 + y2 * v2 + y3 * v3;
    }
    for (; p < k; p++) {
      const x = a[ai + p * sp];
      const y = a[aj + p * sp];
      if (x === 0 && y === 0) continue;
      const v = b[p * bc + j];
      s += x * v;
      t += y * v;
    }
    o[oo + j] = s;
    o[oo + m + j] = t;
  }
}

/**
 * A sum as a caption shows it, `a + b = c`, printed so that it adds up as printed: every part
 * and the total get ONE common number of decimals, and the shown total is the sum of the shown
 * parts at that precision. A student checking `8.1e−3 + 0.02 = 0.02` by hand finds it wrong;
 * `0.008 + 0.020 = 0.028` is right, digit for digit.
 *
 * The precision starts where the largest number shows two significant digits, and grows (a few
 * places at most) until the rounded parts add up to the rounded total; if they never do, the
 * total shown is the sum of the rounded parts, which is then within a unit of the last place of
 * the true one. Either way the law holds exactly: Σ shown parts = shown total.
 */

export interface ShownSum {
  readonly parts: readonly string[];
  readonly total: string;
  /** The common number of decimals. */
  readonly decimals: number;
}

/** A little beyond the first precision tried; past 12 decimals a float32 trace has no digits left. */
const MORE = 4;
const MOST = 12;

/** Decimals at which the largest magnitude shows two significant digits (two at least). */
export function startDecimals(values: readonly number[]): number {
  const largest = Math.max(0, ...values.map(Math.abs));
  if (largest === 0) return 2;
  return Math.min(MOST, Math.max(2, 1 - Math.floor(Math.log10(largest))));
}

/** The integer n·10^d stands for, printed with d decimals and a true minus sign. */
export function fixed(n: number, d: number): string {
  if (n === 0) return d === 0 ? '0' : `0.${'0'.repeat(d)}`;
  const digits = String(Math.abs(n)).padStart(d + 1, '0');
  const whole = d === 0 ? digits : `${digits.slice(0, -d)}.${digits.slice(-d)}`;
  return n < 0 ? `−${whole}` : whole;
}

const scaled = (v: number, d: number) => {
  const n = Math.round(v * 10 ** d);
  return n === 0 ? 0 : n; // no −0
};

/** `parts` and their `total` (as computed, perhaps in float32) printed so that they add up. */
export function showSum(parts: readonly number[], total: number): ShownSum {
  const all = [...parts, total];
  if (!all.every(Number.isFinite)) return { parts: parts.map(String), total: String(total), decimals: 0 };
  const start = startDecimals(all);
  let d = start;
  const fits = (k: number) => all.every((v) => Math.abs(v) * 10 ** k < Number.MAX_SAFE_INTEGER / 16);
  while (d > 0 && !fits(d)) d--;
  for (let k = d; k <= Math.min(MOST, start + MORE) && fits(k); k++) {
    const rounded = parts.map((v) => scaled(v, k));
    if (rounded.reduce((a, b) => a + b, 0) === scaled(total, k))
      return { parts: rounded.map((n) => fixed(n, k)), total: fixed(scaled(total, k), k), decimals: k };
  }
  // never agreed: the shown total is the shown parts' own sum
  const rounded = parts.map((v) => scaled(v, d));
  return {
    parts: rounded.map((n) => fixed(n, d)),
    total: fixed(
      rounded.reduce((a, b) => a + b, 0),
      d,
    ),
    decimals: d,
  };
}

/** `0.008 + 0.020 = 0.028`; a negative part is written `+ −0.40`, as the rules' captions write it. */
export function sumText(parts: readonly number[], total: number): string {
  const s = showSum(parts, total);
  return `${s.parts.join(' + ')} = ${s.total}`;
}

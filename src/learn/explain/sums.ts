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

/** How many places past the first precision tried a sum may grow to add up. */
const MORE = 4;
/** Below this the numbers print as a mantissa and one common exponent: 9.0e−7, not 0.00000090. */
const SMALL = 1e-3;

/**
 * Decimals at which the largest magnitude shows two significant digits (two at least; none for
 * whole numbers), and the smallest part not zero one digit, if that is at most MORE places more.
 */
export function startDecimals(parts: readonly number[], total: number): number {
  const all = [...parts, total];
  // a step count adds up in whole numbers: t⁺ = 0 + 1 = 1
  if (all.every(Number.isInteger)) return 0;
  const largest = Math.max(...all.map(Math.abs));
  const base = Math.max(2, 1 - Math.floor(Math.log10(largest)));
  const nonzero = parts.filter((v) => v !== 0).map(Math.abs);
  const smallest = nonzero.length ? -Math.floor(Math.log10(Math.min(...nonzero))) : base;
  return Math.max(base, Math.min(smallest, base + MORE));
}

/** The integer n·10^−d stands for, printed with d decimals and a true minus sign. */
export function fixed(n: number, d: number): string {
  if (n === 0) return d === 0 ? '0' : `0.${'0'.repeat(d)}`;
  const digits = String(Math.abs(n)).padStart(d + 1, '0');
  const whole = d === 0 ? digits : `${digits.slice(0, -d)}.${digits.slice(-d)}`;
  return n < 0 ? `−${whole}` : whole;
}

/** n·10^−d printed, as a mantissa and the exponent e (< 0) when the numbers are small: 9.0e−7. */
const printed = (n: number, d: number, e: number) =>
  e === 0 ? fixed(n, d) : n === 0 ? '0' : `${fixed(n, d + e)}e−${-e}`;

const scaled = (v: number, d: number) => {
  const n = Math.round(v * 10 ** d);
  return n === 0 ? 0 : n; // no −0
};

/** `parts` and their `total` (as computed, perhaps in float32) printed so that they add up. */
export function showSum(parts: readonly number[], total: number): ShownSum {
  const all = [...parts, total];
  if (!all.every(Number.isFinite)) return { parts: parts.map(String), total: String(total), decimals: 0 };
  const start = startDecimals(parts, total);
  const fits = (k: number) => all.every((v) => Math.abs(v) * 10 ** k < Number.MAX_SAFE_INTEGER / 16);
  let d = start;
  while (d > 0 && !fits(d)) d--;
  const largest = Math.max(...all.map(Math.abs));
  const e = largest > 0 && largest < SMALL ? Math.floor(Math.log10(largest)) : 0;
  const shown = (rounded: number[], sum: number, k: number): ShownSum => ({
    parts: rounded.map((n) => printed(n, k, e)),
    total: printed(sum, k, e),
    decimals: k,
  });
  for (let k = d; k <= start + MORE && fits(k); k++) {
    const rounded = parts.map((v) => scaled(v, k));
    if (rounded.reduce((a, b) => a + b, 0) === scaled(total, k)) return shown(rounded, scaled(total, k), k);
  }
  // never agreed: the shown total is the shown parts' own sum
  const rounded = parts.map((v) => scaled(v, d));
  return shown(
    rounded,
    rounded.reduce((a, b) => a + b, 0),
    d,
  );
}

/** `0.008 + 0.020 = 0.028`; a negative part is written `+ −0.40`, as the rules' captions write it. */
export function sumText(parts: readonly number[], total: number): string {
  const s = showSum(parts, total);
  return `${s.parts.join(' + ')} = ${s.total}`;
}

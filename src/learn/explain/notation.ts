/**
 * How a box prints inside a formula, read off the generator's own definition — its symbol,
 * term label, family and ports — never from a table of formulas: `+` `−` `·` between their
 * operands, `x²` and `1/x` around theirs, `−d` and `¬d` before it, `2·d` for a scale whose
 * symbol `c·` names its config key, and `σ(x)`, `tanh(x)` or `linear[3→2](W, x)` otherwise.
 */
import type { Config } from '../../core/diagram';
import type { Generator } from '../../core/generator';
import type { WireType } from '../../core/wire';

/**
 * Binding strength: a sum binds loosest, then a negative number (`0.12 + −0.40`, but
 * `0.30·(−0.40)`), then products and quotients, then a prefix sign, then atoms. An infix
 * operator's right operand must bind a half-step tighter: a − (b − c), never a − b − c.
 */
export const SUM = 1;
export const SIGNED = 1.5;
export const PRODUCT = 2;
export const PREFIX = 3;
export const ATOM = 4;

/** Infix symbols that add rather than multiply (they bind like a sum). */
const ADDITIVE = new Set(['+', '−', '⊕']);

export interface Printed {
  readonly text: string;
  readonly prec: number;
  /** Printed as a function applied to its arguments, `σ(x)`: with numbers, it shows its value. */
  readonly call?: boolean;
}

/** `p` as an operand that must bind at least as tightly as `min`. */
export const operand = (p: Printed, min: number): string => (p.prec >= min ? p.text : `(${p.text})`);

const isLetterName = (s: string) => /^\p{L}\p{Lm}*$/u.test(s);
const isWord = (s: string) => /^\p{L}+$/u.test(s);
const label = (g: Generator, c: Config, types: readonly WireType[]) => g.termLabel?.(c, types) ?? g.id;

/** A box's name as a function: its symbol when that is a letter (σ, Δ) or spells its id (tanh), else its term label. */
export function functionName(g: Generator, c: Config, types: readonly WireType[]): string {
  const term = label(g, c, types);
  const plain = term === g.id || term === g.draw.symbol;
  const s = g.draw.symbol;
  if (plain && (isLetterName(s) || (s.length >= 3 && g.id.startsWith(s)))) return s;
  // a one-character operator (`+`) names the box badly as a function: its id does
  return term.length === 1 && !isLetterName(term) ? g.id : term;
}

const subscript = (k: number) => String(k).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]);

/** A constant of a rule as its config gives it (`2`, `0.5`), with a true minus sign. */
export const printConstant = (v: number): string => String(v).replace('-', '−');

/**
 * How a two-input box prints between its operands, if it does: a one-character symbol that is
 * not a letter, on a box whose term label shows no config (`+`, `−`, `·`, `⊕`, `∧`, `@`).
 */
export function infix(g: Generator, c: Config, types: readonly WireType[]): number | undefined {
  const s = g.draw.symbol;
  const term = label(g, c, types);
  if (types.length !== 2 || s.length !== 1 || isLetterName(s) || (term !== g.id && term !== s)) return undefined;
  return ADDITIVE.has(s) ? SUM : PRODUCT;
}

/** Whether a decimal is the number, as float64 or as the float32 a trace holds (β₂ = 0.999 arrives as 0.99900001). */
const isExactly = (decimal: number, a: number) => decimal === a || Math.fround(decimal) === a;

/**
 * A number as a caption prints it, with a true minus sign: two decimals, unless they would hide
 * it — a hyper-parameter such as 0.999 prints whole (never as 1.00, even read from a float32
 * trace), a very small number as 1.0e−7.
 */
export function printNumber(v: number): string {
  if (v === 0) return '0';
  const a = Math.abs(v);
  const two = a.toFixed(2);
  let s = two;
  if (!isExactly(Number(two), a)) {
    const three = Number(a.toPrecision(3));
    if (a >= 1e-3 && a < 1e4 && isExactly(three, a)) s = String(three);
    else if (a < 1e-2 || a >= 1e4) s = a.toExponential(1).replace('e-', 'e−').replace('e+', 'e');
  }
  return v < 0 ? `−${s}` : s;
}

/** Output `k` of a box of `g` applied to the printed `args`. */
export function applyBox(
  g: Generator,
  c: Config,
  types: readonly WireType[],
  args: readonly Printed[],
  k: number,
  nOut: number,
): Printed {
  const s = g.draw.symbol;
  const term = label(g, c, types);
  if (args.length === 0) {
    const value = g.configFields.some((f) => f.key === 'value') ? c.value : undefined;
    if (typeof value === 'number') return { text: printConstant(value), prec: value < 0 ? SIGNED : ATOM };
    return { text: term, prec: ATOM };
  }
  const prec = infix(g, c, types);
  if (nOut === 1 && args.length === 2 && prec !== undefined) {
    const gap = prec === PRODUCT ? '' : ' ';
    return { text: `${operand(args[0], prec)}${gap}${s}${gap}${operand(args[1], prec + 0.5)}`, prec };
  }
  if (nOut === 1 && args.length === 1) {
    const unary = unaryForm(g, c, s, args[0]);
    if (unary) return unary;
  }
  const call = `${functionName(g, c, types)}(${args.map((a) => a.text).join(', ')})`;
  return { text: nOut === 1 ? call : `${call}${subscript(k)}`, prec: ATOM, call: true };
}

/** `x²`, `1/x`, `−x`, `2·x`: a one-argument symbol that shows where its argument goes. */
function unaryForm(g: Generator, c: Config, s: string, arg: Printed): Printed | undefined {
  if (s.includes('x') && !isWord(s)) {
    const postfix = s.startsWith('x');
    return { text: s.replace('x', operand(arg, ATOM)), prec: postfix ? ATOM : PRODUCT };
  }
  const key = s.endsWith('·') ? s.slice(0, -1) : undefined;
  if (key !== undefined && typeof c[key] === 'number') {
    return { text: `${printConstant(c[key] as number)}·${operand(arg, PREFIX)}`, prec: PRODUCT };
  }
  if (s.length === 1 && !isLetterName(s) && (g.family === 'structure' || g.family === 'boolean')) {
    return { text: `${s}${operand(arg, PREFIX)}`, prec: PREFIX };
  }
  return undefined;
}

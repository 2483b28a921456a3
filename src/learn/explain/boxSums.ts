/**
 * The sums a box's caption states with its numbers, printed by sums.ts so that each adds up as
 * shown: an add's or a bias's first entry (`y₀ = a₀ + b₀ = 0.95 + 0.74 = 1.69`), a linear box's
 * first output as the sum of its products, the first input's change coming back through it, and
 * a loss as the sum of its terms. Only short sums are written out (at most MAX_TERMS terms):
 * a caption does not list sixteen products. The parts are the traced numbers' own products (in
 * float64), the total the traced value.
 */
import type { LossTerm } from '../losses/index';
import { sumText } from './sums';

/** The longest sum a caption writes out. */
export const MAX_TERMS = 4;

const sub = (k: number | string) => String(k).replace(/\d/g, (d) => '₀₁₂₃₄₅₆₇₈₉'[Number(d)]);

/** `y₀ = x₀·W₀₀ + x₁·W₁₀ = 0.13 + −0.30 = −0.17`, or undefined when there is nothing short to say. */
function line(name: string, terms: readonly string[], parts: readonly number[], total: number): string | undefined {
  if (parts.length < 2 || parts.length > MAX_TERMS || ![...parts, total].every(Number.isFinite)) return undefined;
  return `${name} = ${terms.join(' + ')} = ${sumText(parts, total)}`;
}

/**
 * A forward frame's sum, for the box `gen` with inputs `ins` (in port order, at the example,
 * flattened) making `out`: add (a, b), bias (b, x), linear (W, x) with W of `in`×`out` entries.
 */
export function forwardSum(gen: string, ins: readonly ArrayLike<number>[], out: ArrayLike<number>): string | undefined {
  if (out.length === 0) return undefined;
  // a one-number wire is named as the caption names it elsewhere: y, not y₀
  const [y, a, b, x] = out.length === 1 ? ['y', 'a', 'b', 'x'] : ['y₀', 'a₀', 'b₀', 'x₀'];
  if (gen === 'add' && ins.length === 2) return line(y, [a, b], [ins[0][0], ins[1][0]], out[0]);
  if (gen === 'bias' && ins.length === 2) return line(y, [x, b], [ins[1][0], ins[0][0]], out[0]);
  if (gen === 'linear' && ins.length === 2) {
    const [w, x] = ins;
    const m = out.length;
    const n = x.length;
    if (w.length !== n * m) return undefined;
    const terms = Array.from({ length: n }, (_, i) => `x${sub(i)}·W${sub(`${i}0`)}`);
    return line(
      y,
      terms,
      Array.from({ length: n }, (_, i) => x[i] * w[i * m]),
      out[0],
    );
  }
  return undefined;
}

/**
 * A linear box's backward sum: the first input's change x′₀ = Σⱼ dⱼ·W₀ⱼ, given W (`in`×`out`),
 * the output's change d and the computed x′.
 */
export function linearChangeSum(w: ArrayLike<number>, d: ArrayLike<number>, dx: ArrayLike<number>): string | undefined {
  const m = d.length;
  if (dx.length === 0 || w.length !== dx.length * m) return undefined;
  const terms = Array.from({ length: m }, (_, j) => `d${sub(j)}·W${sub(`0${j}`)}`);
  return line(
    `x′${sub(0)}`,
    terms,
    Array.from({ length: m }, (_, j) => d[j] * w[j]),
    dx[0],
  );
}

/** `l = 0.006 + 0.003 = 0.009, one term ½(ŷᵢ − yᵢ)² per output`, from ŷ and y at the example. */
export function lossSum(term: LossTerm, yhat: ArrayLike<number>, y: ArrayLike<number>, l: number): string | undefined {
  if (yhat.length < 2 || yhat.length > MAX_TERMS || y.length !== yhat.length) return undefined;
  const parts = Array.from({ length: yhat.length }, (_, i) => term.at(yhat, y, i));
  if (![...parts, l].every(Number.isFinite)) return undefined;
  // A term read on the flattened example can miss the loss's shape (a sequence's softmax runs
  // per position): a sum that is not l is not shown.
  const total = parts.reduce((a, v) => a + v, 0);
  if (Math.abs(total - l) > 1e-3 * (1 + Math.abs(l))) return undefined;
  return `l = ${sumText(parts, l)}, one term ${term.text} per output`;
}

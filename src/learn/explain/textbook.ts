/**
 * An optimiser's textbook lines (optimisers/textbook.ts) printed: `m̂ = m⁺/(1 − β₁ᵗ⁺)`, and,
 * given values, the same line with the numbers beside it. A line that is a sum shows its terms'
 * values and its total at one precision (sums.ts), so that what is shown adds up as shown:
 * `p⁺ = p + s⁺ = 0.500 + 0.060 = 0.560`.
 */
import { type Expr, evaluate, evaluateLines, type Lookup, type TextbookLine } from '../optimisers/textbook';
import { ATOM, operand, PREFIX, PRODUCT, type Printed, printConstant, printNumber, SIGNED, SUM } from './notation';
import { showSum } from './sums';

const SUPERSCRIPT: Record<string, string> = {
  ...Object.fromEntries([...'0123456789'].map((d, i) => [d, '⁰¹²³⁴⁵⁶⁷⁸⁹'[i]])),
  t: 'ᵗ',
  '+': '⁺',
  '⁺': '⁺',
};

/** `ᵗ⁺`, `¹²`, or nothing when a character has no superscript form. */
function superscript(s: string): string | undefined {
  const chars = [...s].map((c) => SUPERSCRIPT[c]);
  return chars.every((c) => c !== undefined) ? chars.join('') : undefined;
}

interface How {
  /** With numbers: every symbol's value. */
  readonly at?: Lookup;
  /** With numbers: an earlier line as its own line showed it, so one number reads the same twice. */
  readonly shownLine?: (name: string) => string | undefined;
  readonly z2: boolean;
}

/** A step count or a constant prints whole (`0.90¹`, `t⁺ = 0 + 1 = 1`); any other number as captions print it. */
const numberText = (v: number) => (Number.isInteger(v) && Math.abs(v) < 1e6 ? printConstant(v) : printNumber(v));
const numeral = (v: number): Printed => ({ text: numberText(v), prec: v < 0 ? SIGNED : ATOM });

function print(e: Expr, how: How): Printed {
  const go = (x: Expr) => print(x, how);
  switch (e.op) {
    case 'sym': {
      if (!how.at) return { text: e.symbol, prec: ATOM };
      const shown = e.of.kind === 'line' ? how.shownLine?.(e.of.name) : undefined;
      return shown ? { text: shown, prec: shown.startsWith('−') ? SIGNED : ATOM } : numeral(how.at(e.of));
    }
    case 'num':
      return { text: printConstant(e.value), prec: ATOM };
    case 'add':
    case 'sub': {
      const symbol = how.z2 ? '⊕' : e.op === 'add' ? '+' : '−';
      return { text: `${operand(go(e.a), SUM)} ${symbol} ${operand(go(e.b), SUM + 0.5)}`, prec: SUM };
    }
    case 'mul': {
      // γs and (1 − β₁)p′ as the textbook writes them; with numbers the dot is needed: 0.90·0.10
      const a = operand(go(e.a), PRODUCT);
      // a·(b/c) reads as a·b/c: (a·b)/c is the same number
      const b = operand(go(e.b), e.b.op === 'div' ? PRODUCT : PRODUCT + 0.5);
      const simple = e.b.op === 'sym' || (e.b.op === 'square' && e.b.a.op === 'sym');
      const juxtapose = !how.at && simple && (e.a.op === 'sym' || a.startsWith('('));
      return { text: juxtapose ? `${a}${b}` : `${a}·${b}`, prec: PRODUCT };
    }
    case 'div':
      return { text: `${operand(go(e.a), PRODUCT)}/${operand(go(e.b), ATOM)}`, prec: PRODUCT };
    case 'sqrt':
      return { text: `√${operand(go(e.a), ATOM)}`, prec: PREFIX };
    case 'square':
      return { text: `${operand(go(e.a), ATOM)}²`, prec: ATOM };
    case 'pow': {
      const exponent = go(e.b).text;
      const up = superscript(exponent);
      return { text: up ? `${operand(go(e.a), ATOM)}${up}` : `${operand(go(e.a), ATOM)}^(${exponent})`, prec: ATOM };
    }
  }
}

/** The line's right-hand side as the textbook writes it: `γs + p′`. */
export const formulaText = (e: Expr, z2 = false): string => print(e, { z2 }).text;

/** The terms of a sum at the top of a line: `a + b + c` ↦ [a, b, c]. */
function terms(e: Expr): Expr[] {
  return e.op === 'add' ? [...terms(e.a), ...terms(e.b)] : [e];
}

export interface TextbookFilled {
  readonly name: string;
  readonly formula: string;
  /** The formula with numbers, then (for a sum) its terms' values: `0.90·0.10 + −0.03 = 0.09 + −0.03`. */
  readonly numbers: string;
  /** The line's value as shown, at the sum's precision where it is a sum. */
  readonly shown: string;
  readonly value: number;
}

/** Every line with the numbers of one element: `at` gives the lens inputs' values. */
export function fillLines(lines: readonly TextbookLine[], at: Lookup, z2 = false): TextbookFilled[] {
  const values = evaluateLines(lines, at, z2);
  const lookup: Lookup = (s) => (s.kind === 'line' ? (values.get(s.name) ?? Number.NaN) : at(s));
  const shown = new Map<string, string>();
  const how: How = { at: lookup, shownLine: (name) => shown.get(name), z2 };
  return lines.map((l) => {
    const value = values.get(l.name) as number;
    const formula = formulaText(l.expr, z2);
    const substituted = print(l.expr, how).text;
    const ts = terms(l.expr);
    let numbers = substituted;
    let total = numberText(value);
    if (!z2 && ts.length > 1) {
      const sum = showSum(
        ts.map((t) => evaluate(t, lookup)),
        value,
      );
      const parts = sum.parts.join(' + ');
      numbers = ts.every((t) => t.op === 'sym' || t.op === 'num') ? parts : `${substituted} = ${parts}`;
      total = sum.total;
    }
    shown.set(l.name, total);
    return { name: l.name, formula, numbers, shown: total, value };
  });
}

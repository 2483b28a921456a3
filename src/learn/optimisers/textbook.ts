/**
 * An optimiser's update as the textbook writes it (`m̂ = m⁺/(1 − β₁ᵗ⁺)`, not the diagram's
 * `exp(t⁺·log(β₁))`), written beside the lens in its own file: a few lines of a small expression
 * language that prints and evaluates. It is the one text of the update; a test holds every line
 * that names a lens output to the lens's own diagram, on random inputs, so the two cannot drift.
 */
import type { HyperName } from '../../kinds/hypers';
import { HYPERS } from '../../kinds/hypers';

/** What a symbol stands for: the parameter, its change p′, a state wire, a hyper-parameter, an earlier line. */
export type Source =
  | { readonly kind: 'p' }
  | { readonly kind: 'change' }
  | { readonly kind: 'state'; readonly name: string }
  | { readonly kind: 'hyper'; readonly name: HyperName }
  | { readonly kind: 'line'; readonly name: string };

export type Expr =
  | { readonly op: 'sym'; readonly symbol: string; readonly of: Source }
  | { readonly op: 'num'; readonly value: number }
  | { readonly op: 'add' | 'sub' | 'mul' | 'div' | 'pow'; readonly a: Expr; readonly b: Expr }
  | { readonly op: 'sqrt' | 'square'; readonly a: Expr };

/** One line, `name = expr`; `out` names the lens output it is (p̃, p⁺, a state's next value), if any. */
export interface TextbookLine {
  readonly name: string;
  readonly expr: Expr;
  readonly out?: 'get' | 'p' | { readonly state: string };
}

// the alphabet the optimiser files write their lines in
export const p: Expr = { op: 'sym', symbol: 'p', of: { kind: 'p' } };
export const dp: Expr = { op: 'sym', symbol: 'p′', of: { kind: 'change' } };
export const num = (value: number): Expr => ({ op: 'num', value });
export const state = (name: string, symbol = name): Expr => ({ op: 'sym', symbol, of: { kind: 'state', name } });
export const hyper = (name: HyperName): Expr => ({
  op: 'sym',
  symbol: HYPERS[name].symbol,
  of: { kind: 'hyper', name },
});
/** An earlier line, by its name. */
export const line = (name: string): Expr => ({ op: 'sym', symbol: name, of: { kind: 'line', name } });
export const add = (a: Expr, b: Expr): Expr => ({ op: 'add', a, b });
export const sub = (a: Expr, b: Expr): Expr => ({ op: 'sub', a, b });
export const mul = (a: Expr, b: Expr): Expr => ({ op: 'mul', a, b });
export const div = (a: Expr, b: Expr): Expr => ({ op: 'div', a, b });
export const pow = (a: Expr, b: Expr): Expr => ({ op: 'pow', a, b });
export const sqrt = (a: Expr): Expr => ({ op: 'sqrt', a });
export const square = (a: Expr): Expr => ({ op: 'square', a });

/** The value of every symbol a line reads, looked up by what it stands for. */
export type Lookup = (s: Source) => number;

/** Over ℤ₂ a sum is xor and a difference too: gradient descent's put on bits. */
export function evaluate(e: Expr, at: Lookup, z2 = false): number {
  const ev = (x: Expr) => evaluate(x, at, z2);
  switch (e.op) {
    case 'sym':
      return at(e.of);
    case 'num':
      return e.value;
    case 'add':
    case 'sub': {
      const v = e.op === 'add' ? ev(e.a) + ev(e.b) : ev(e.a) - ev(e.b);
      return z2 ? Math.abs(v) % 2 : v;
    }
    case 'mul':
      return ev(e.a) * ev(e.b);
    case 'div':
      return ev(e.a) / ev(e.b);
    case 'pow':
      return ev(e.a) ** ev(e.b);
    case 'sqrt':
      return Math.sqrt(ev(e.a));
    case 'square':
      return ev(e.a) ** 2;
  }
}

/** Every line's value in order, each line able to read the ones before it. */
export function evaluateLines(lines: readonly TextbookLine[], at: Lookup, z2 = false): Map<string, number> {
  const values = new Map<string, number>();
  const lookup: Lookup = (s) => (s.kind === 'line' ? (values.get(s.name) ?? Number.NaN) : at(s));
  for (const l of lines) values.set(l.name, evaluate(l.expr, lookup, z2));
  return values;
}

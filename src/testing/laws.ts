/**
 * Diagram-level helpers the law tests share: pairing ⟨f, g⟩, the sum f + g, and
 * agreement of two diagrams on the same inputs.
 */
import { DiagramBuilder } from '../core/builder';
import { cod, dom } from '../core/compose';
import type { Diagram } from '../core/diagram';
import { closeness, evaluate, type Value } from './numeric';

/** ⟨f, g⟩ : A → B ⊗ C, both reading the same inputs (fan-out). */
export function pairing(f: Diagram, g: Diagram): Diagram {
  const b = new DiagramBuilder();
  const xs = b.inputs(dom(f));
  b.outputs([...b.inline(f, xs), ...b.inline(g, xs)]);
  return b.build();
}

/** f + g : A → B, outputs added pointwise (f and g of the same real type). */
export function plus(f: Diagram, g: Diagram): Diagram {
  const b = new DiagramBuilder();
  const xs = b.inputs(dom(f));
  const ys = b.inline(f, xs);
  const zs = b.inline(g, xs);
  b.outputs(ys.map((y, i) => b.op('add', [y, zs[i]])));
  return b.build();
}

export const allReal = (d: Diagram) => [...dom(d), ...cod(d)].every((t) => t.field === 'real');

/** Worst violation of closeness (≤ 1 is agreement) between two lists of values. */
export function agree(a: readonly Value[], b: readonly Value[], tol = 1e-9): boolean {
  return a.length === b.length && closeness(a, b, tol) <= 1;
}

export const sameOn = (f: Diagram, g: Diagram, xs: readonly Value[], tol = 1e-9) =>
  agree(evaluate(f, xs), evaluate(g, xs), tol);

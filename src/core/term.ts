/**
 * Terms: the printed form of a diagram, `(linear[4→3] ⊗ id) ; sigmoid`. Constructors record
 * their term; `printTerm` falls back to a layered term for diagrams drawn box by box (each
 * topological layer is the tensor of its boxes). Parentheses only where ; meets ⊗.
 */
import type { Box, Diagram } from './diagram';
import { getGenerator } from './generators/index';
import { producers, topoOrder } from './topology';
import { withTermText } from './views';

export type TermOp = 'atom' | 'then' | 'tensor';

const ops = new WeakMap<Diagram, TermOp>();

/** Records the outermost operator of a constructed diagram's term (not part of the data). */
export function withTerm(d: Diagram, term: string, op: TermOp): Diagram {
  const out = withTermText(d, term);
  ops.set(out, op);
  return out;
}

/** The outermost operator of a term, scanning at parenthesis depth 0 when not recorded. */
export function topOp(d: Diagram, term: string): TermOp {
  const known = ops.get(d);
  if (known && d.term === term) return known;
  let depth = 0;
  let found: TermOp = 'atom';
  for (let i = 0; i < term.length; i++) {
    const ch = term[i];
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth--;
    else if (depth === 0 && ch === ';') return 'then';
    else if (depth === 0 && ch === '⊗') found = 'tensor';
  }
  return found;
}

/** The term of `d` wrapped in parentheses if its outer operator is `avoid`. */
export function operand(d: Diagram, avoid: TermOp): string {
  const t = printTerm(d);
  return topOp(d, t) === avoid ? `(${t})` : t;
}

export function boxLabel(b: Box, d: Diagram): string {
  const gen = getGenerator(b.gen);
  return (
    gen.termLabel?.(
      b.config,
      b.inputs.map((w) => d.wires[w]),
    ) ?? b.gen
  );
}

export function printTerm(d: Diagram): string {
  if (d.term !== undefined) return d.term;
  if (d.boxes.length === 0) return 'id';
  const prod = producers(d);
  const layer = new Int32Array(d.boxes.length);
  const layers: string[][] = [];
  for (const i of topoOrder(d)) {
    const b = d.boxes[i];
    layer[i] = b.inputs.reduce((m, w) => (prod[w] >= 0 ? Math.max(m, layer[prod[w]] + 1) : m), 0);
    layers[layer[i]] ??= [];
    layers[layer[i]].push(boxLabel(b, d));
  }
  if (layers.length === 1) return layers[0].join(' ⊗ ');
  return layers.map((l) => (l.length > 1 ? `(${l.join(' ⊗ ')})` : l[0])).join(' ; ');
}

/**
 * The symmetric monoidal structure on diagrams, as in DisCoPy: `id`, `andThen` (;), `tensor` (⊗),
 * `swap`, `copy`, `discard` and `box`. Each is pure and deterministic — wire and box numbers
 * follow the order of construction — and records its term. `andThen` checks that the codomain of
 * the left is the domain of the right and otherwise throws a CompositionError naming both.
 */
import { DiagramBuilder } from './builder';
import type { Config, Diagram } from './diagram';
import { boxNames, CompositionError } from './errors';
import { getGenerator } from './generators/index';
import { operand, withTerm } from './term';
import { productEquals, type WireType } from './wire';

export const dom = (d: Diagram): WireType[] => d.inputs.map((w) => d.wires[w]);
export const cod = (d: Diagram): WireType[] => d.outputs.map((w) => d.wires[w]);

/** The identity on a product of types: wires in, the same wires out. */
export function id(types: readonly WireType[]): Diagram {
  const b = new DiagramBuilder();
  b.outputs(b.inputs(types));
  return withTerm(b.build(), 'id', 'atom');
}

/**
 * f ; g — first f, then g. (Named `andThen`, not `then`: a module exporting `then` is a
 * thenable, and `await import()` of it would call it.)
 */
export function andThen(f: Diagram, g: Diagram): Diagram {
  if (!productEquals(cod(f), dom(g))) throw new CompositionError(cod(f), dom(g), boxNames([...f.boxes, ...g.boxes]));
  const b = new DiagramBuilder();
  b.outputs(b.inline(g, b.inline(f, b.inputs(dom(f)))));
  return withTerm(b.build(), `${operand(f, 'tensor')} ; ${operand(g, 'tensor')}`, 'then');
}

/** f ⊗ g — f and g side by side. */
export function tensor(f: Diagram, g: Diagram): Diagram {
  const b = new DiagramBuilder();
  const xs = b.inputs(dom(f));
  const ys = b.inputs(dom(g));
  b.outputs([...b.inline(f, xs), ...b.inline(g, ys)]);
  return withTerm(b.build(), `${operand(f, 'then')} ⊗ ${operand(g, 'then')}`, 'tensor');
}

/** f₁ ; f₂ ; … ; fₙ. */
export const thenAll = (first: Diagram, ...rest: Diagram[]): Diagram => rest.reduce(andThen, first);
/** f₁ ⊗ f₂ ⊗ … ⊗ fₙ. */
export const tensorAll = (first: Diagram, ...rest: Diagram[]): Diagram => rest.reduce(tensor, first);

/** The symmetry A ⊗ B → B ⊗ A, as wiring (a hypergraph needs no box for it). */
export function swap(a: WireType, b: WireType): Diagram {
  const bld = new DiagramBuilder();
  const [x, y] = bld.inputs([a, b]);
  bld.outputs([y, x]);
  return withTerm(bld.build(), 'σ', 'atom');
}

/** One generator as a diagram, typed by its rule from the input types. */
export function box(gen: string, inTypes: readonly WireType[], config: Config = {}): Diagram {
  const b = new DiagramBuilder();
  const xs = b.inputs(inTypes);
  b.outputs(b.box(gen, xs, config));
  const d = b.build();
  const label = getGenerator(gen).termLabel?.(d.boxes[0].config, inTypes) ?? gen;
  return withTerm(d, label, 'atom');
}

export const copy = (t: WireType, n = 2): Diagram => box('copy', [t], { n });
export const discard = (t: WireType): Diagram => box('discard', [t]);

/**
 * Para: a parametrised map (P, f : P ⊗ A → B) is a diagram whose first `params.length`
 * boundary inputs are parameters (drawn entering from the top). Composition collects
 * parameters: (Q, g) ∘ (P, f) has parameters P ⊗ Q. Reparametrisation precomposes the
 * parameter wires with a map r : P' → P; tying is the reparametrisation by copies.
 */
import { DiagramBuilder } from './builder';
import { dom } from './compose';
import type { Diagram } from './diagram';
import { boxNames, CompositionError } from './errors';
import { type Initialiser, initialise } from './init';
import { productEquals, type WireType } from './wire';

export interface ParamSpec {
  readonly name: string;
  readonly type: WireType;
  readonly init: Initialiser;
}

export interface Para {
  readonly diagram: Diagram;
  readonly params: readonly ParamSpec[];
}

/** Declares the first inputs of `diagram` to be the parameters `params`. */
export function para(diagram: Diagram, params: readonly ParamSpec[]): Para {
  const got = dom(diagram).slice(0, params.length);
  const want = params.map((p) => p.type);
  if (!productEquals(got, want))
    throw new CompositionError(want, got, boxNames(diagram.boxes), 'the parameters do not match the first inputs');
  return { diagram, params: [...params] };
}

/** A plain map as a Para map with no parameters. */
export const lift = (d: Diagram): Para => ({ diagram: d, params: [] });

/** The data inputs A of (P, f : P ⊗ A → B). */
export const dataTypes = (f: Para): WireType[] => dom(f.diagram).slice(f.params.length);

/** (P, f) ; (Q, g) = (P ⊗ Q, (p, q, a) ↦ g(q, f(p, a))). */
export function paraThen(f: Para, g: Para): Para {
  const b = new DiagramBuilder();
  const p = b.inputs(f.params.map((s) => s.type));
  const q = b.inputs(g.params.map((s) => s.type));
  const a = b.inputs(dataTypes(f));
  const mid = b.inline(f.diagram, [...p, ...a]);
  const gData = dataTypes(g);
  if (
    !productEquals(
      mid.map((w) => b.typeOf(w)),
      gData,
    )
  )
    throw new CompositionError(
      mid.map((w) => b.typeOf(w)),
      gData,
      boxNames([...f.diagram.boxes, ...g.diagram.boxes]),
    );
  b.outputs(b.inline(g.diagram, [...q, ...mid]));
  return { diagram: b.build(), params: [...f.params, ...g.params] };
}

/** (P, f) ⊗ (Q, g) = (P ⊗ Q, (p, q, a, c) ↦ (f(p, a), g(q, c))). */
export function paraTensor(f: Para, g: Para): Para {
  const b = new DiagramBuilder();
  const p = b.inputs(f.params.map((s) => s.type));
  const q = b.inputs(g.params.map((s) => s.type));
  const a = b.inputs(dataTypes(f));
  const c = b.inputs(dataTypes(g));
  b.outputs([...b.inline(f.diagram, [...p, ...a]), ...b.inline(g.diagram, [...q, ...c])]);
  return { diagram: b.build(), params: [...f.params, ...g.params] };
}

/** (P', r ; f): the parameters become `params`, fed through r : P' → P. */
export function reparametrise(f: Para, params: readonly ParamSpec[], r: Diagram): Para {
  const b = new DiagramBuilder();
  const np = b.inputs(params.map((s) => s.type));
  const a = b.inputs(dataTypes(f));
  const p = b.inline(r, np);
  b.outputs(b.inline(f.diagram, [...p, ...a]));
  return { diagram: b.build(), params: [...params] };
}

/** Ties parameters: old parameter i reads new parameter use[i] (fan-out where shared). */
export function tieParams(f: Para, params: readonly ParamSpec[], use: readonly number[]): Para {
  const b = new DiagramBuilder();
  const np = b.inputs(params.map((s) => s.type));
  b.outputs(use.map((i) => np[i]));
  return reparametrise(f, params, b.build());
}

/** Initial values of every parameter, deterministic in `seed` (each parameter its own stream). */
export function initParams(f: Para, seed: number): Float32Array[] {
  return f.params.map((p, i) => initialise(p.init, p.type.shape, (seed + Math.imul(i + 1, 0x9e3779b1)) >>> 0));
}

/**
 * Small pieces of wiring the learner's lenses share. Hyper-parameters (ε, γ, β₁, β₂, δ) enter as
 * unbatched scalar wires, never as baked constants, so that a trainer can change them between
 * steps without lowering the step diagram again. The binary pointwise generators take such a
 * scalar against a wire of any shape, so a scalar is never spread into a full tensor.
 */
import { type BoxOptions, DiagramBuilder } from '../core/builder';
import { param, type WireType } from '../core/wire';

/** The type of a hyper-parameter wire: one real number shared by every example. */
export const scalarType: WireType = param([]);

/** h · w for a scalar wire h: multiply broadcasts an unbatched scalar itself (no spread tensor). */
export function times(b: DiagramBuilder, h: number, w: number): number {
  return b.op('multiply', [h, w]);
}

/** A real constant, unbatched scalar. */
export function constant(b: DiagramBuilder, value: number): number {
  return b.op('constant', [], { value, shape: [], batch: false });
}

/** 1 − h for a scalar wire h (β ↦ 1 − β). */
export function oneMinus(b: DiagramBuilder, h: number): number {
  return b.op('subtract', [constant(b, 1), h]);
}

/** Σ over every feature axis: a per-example scalar. */
export const sumFeatures = (b: DiagramBuilder, w: number): number => b.op('sumFeatures', [w], { axis: -1 });

/**
 * Draws a piece of the learner in its own builder and splices it in under one source tag, so
 * the Program's steps say which lens (optimiser, learning rate, loss) each kernel call came from.
 */
export function tagged(
  b: DiagramBuilder,
  opts: BoxOptions,
  inputs: readonly number[],
  draw: (sub: DiagramBuilder, wires: number[]) => number[],
): number[] {
  const sub = new DiagramBuilder();
  sub.outputs(draw(sub, sub.inputs(inputs.map((w) => b.typeOf(w)))));
  return b.inline(sub.build(), inputs, opts);
}

/**
 * Optimisers as lenses (DESIGN.md §1): get U(s, p) = p̃ is the parameter the model sees, and
 * put U*(s, p, p') = (s⁺, p⁺) takes the change p' that came back through the learner. Both are
 * drawn on a DiagramBuilder, so the step is one diagram, state lives on wires and
 * hyper-parameters are input wires (see ../wiring).
 */
import type { DiagramBuilder } from '../../core/builder';
import type { WireType } from '../../core/wire';
import type { Cap } from '../learningRate';

export type OptimiserKind = 'gd' | 'momentum' | 'nesterov' | 'adagrad' | 'adam';

/** The hyper-parameter wires, named as in the document's OptimiserSettings. */
export type HyperName = 'learningRate' | 'momentum' | 'beta1' | 'beta2' | 'epsilon';
export type Hypers = Readonly<Record<HyperName, number>>;
export type HyperWires = Readonly<Partial<Record<HyperName, number>>>;

/** One state wire per learnt wire: typed like it (momentum, moments) or a scalar (Adam's t). */
export interface StateSpec {
  readonly name: string;
  readonly scalar: boolean;
  /** Its value before the first step. */
  readonly init: number;
}

export interface OptimiserLens {
  readonly kind: OptimiserKind;
  /** The hyper-parameter wires the optimiser and its cap read, in input order. */
  readonly hypers: readonly HyperName[];
  /** How α starts the reverse pass: −ε, or −1 when put applies ε itself. */
  readonly cap: Cap;
  readonly state: readonly StateSpec[];
  get(b: DiagramBuilder, p: number, s: readonly number[], h: HyperWires): number;
  put(b: DiagramBuilder, p: number, s: readonly number[], dp: number, h: HyperWires): { p: number; s: number[] };
}

/** The type of a state wire for a learnt wire of type t. */
export const stateType = (spec: StateSpec, t: WireType): WireType =>
  spec.scalar ? { field: 'real', shape: [], batch: false } : t;

export function wire(h: HyperWires, name: HyperName): number {
  const w = h[name];
  if (w === undefined) throw new Error(`the hyper-parameter wire '${name}' is missing`);
  return w;
}

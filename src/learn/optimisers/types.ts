/**
 * Optimisers as lenses (docs/architecture.md): get U(s, p) = p̃ is the parameter the model sees, and
 * put U*(s, p, p') = (s⁺, p⁺) takes the change p' that came back through the learner. Both are
 * drawn on a DiagramBuilder, so the step is one diagram, state lives on wires and
 * hyper-parameters are input wires (see ../wiring).
 */
import type { DiagramBuilder } from '../../core/builder';
import type { WireType } from '../../core/wire';
import type { HyperName } from '../../kinds/hypers';
import type { Cap } from '../learningRate';
import type { TextbookLine } from './textbook';

export type { HyperName, Hypers } from '../../kinds/hypers';
export type HyperWires = Readonly<Partial<Record<HyperName, number>>>;

/**
 * A state wire: one per learnt wire, typed like it (momentum, moments) or a scalar; or, when
 * `shared`, ONE scalar wire for the whole learner (Adam's step counter t), advanced once a step.
 */
export interface StateSpec {
  readonly name: string;
  readonly scalar: boolean;
  /** Its value before the first step. */
  readonly init: number;
  /** One wire for the whole learner, read and advanced by `advance` (then `scalar` is true). */
  readonly shared?: boolean;
}

/** The shared state's next values and the per-step scalars every learnt wire's put reads. */
export interface Advance {
  readonly s: number[];
  readonly c: number[];
}

/** `K` is the optimiser's name as documents spell it; the registry (./index) collects them. */
export interface OptimiserLens<K extends string = string> {
  readonly kind: K;
  /** What the inspector calls it when it says which optimisers read a hyper-parameter. */
  readonly label: string;
  /**
   * The update as the textbook writes it, the one text captions and the inspector show
   * (./textbook); its lines that name an output are held to get and put by a test.
   */
  readonly textbook: readonly TextbookLine[];
  /** The hyper-parameter wires the optimiser and its cap read, in input order. */
  readonly hypers: readonly HyperName[];
  /** How α starts the reverse pass: −ε, or −1 when put applies ε itself. */
  readonly cap: Cap;
  /** Per-wire and shared state specs: the learnt wire's own ones in order, and the shared ones. */
  readonly state: readonly StateSpec[];
  /**
   * Once per step, for the whole learner: the shared state (the `shared` specs, in order) moves
   * on and yields scalars `c` computed once and read by every learnt wire's put (Adam's bias
   * corrections). Absent when the optimiser has no shared state.
   */
  advance?(b: DiagramBuilder, shared: readonly number[], h: HyperWires): Advance;
  /** `s`: the learnt wire's own state (the specs that are not shared), in order. */
  get(b: DiagramBuilder, p: number, s: readonly number[], h: HyperWires): number;
  /** `s` as in get; `c` the scalars `advance` computed this step ([] without advance). */
  put(
    b: DiagramBuilder,
    p: number,
    s: readonly number[],
    dp: number,
    h: HyperWires,
    c: readonly number[],
  ): { p: number; s: number[] };
}

/** Keeps the literal type of `kind`, so that the registry's list of lenses is the list of kinds. */
export const defineOptimiser = <const K extends string>(o: OptimiserLens<K>): OptimiserLens<K> => o;

/** The state specs each learnt wire carries, and the ones the whole learner shares once. */
export const ownState = (o: OptimiserLens): StateSpec[] => o.state.filter((spec) => !spec.shared);
export const sharedState = (o: OptimiserLens): StateSpec[] => o.state.filter((spec) => spec.shared === true);

/** The type of a state wire for a learnt wire of type t. */
export const stateType = (spec: StateSpec, t: WireType): WireType =>
  spec.scalar || spec.shared ? { field: 'real', shape: [], batch: false } : t;

export function wire(h: HyperWires, name: HyperName): number {
  const w = h[name];
  if (w === undefined) throw new Error(`the hyper-parameter wire '${name}' is missing`);
  return w;
}

/**
 * The one IR: a typed open hypergraph. Wires are nodes (numbered, each with a type), boxes are
 * hyperedges labelled by a generator id and its config, and the boundary is an ordered list of
 * input wires and of output wires. A wire has at most one producer (a box output or a boundary
 * input); it may have several consumers (the compiler makes fan-out an explicit `copy` for
 * display; rdiff adds the changes of every consumer either way, as R[Δ] says).
 *
 * Values are plain data (JSON-serialisable), immutable by convention, and deterministic:
 * wire and box numbers follow construction order, never hash order. Read them, never write
 * them. The diagrams the builder, compose and rdiff make are stored as columns (packed.ts):
 * their `wires` and `boxes` are made as these objects the first time they are read, and the
 * compiler itself never reads them that way.
 */
import type { WireType } from './wire';

export type Config = Readonly<Record<string, unknown>>;
export type Pass = 'forward' | 'backward';

export interface Box {
  readonly gen: string;
  readonly config: Config;
  readonly inputs: readonly number[];
  readonly outputs: readonly number[];
  /** Where the box came from: a document box id, and for boxes made by rdiff, the pass. */
  readonly source?: string;
  readonly pass?: Pass;
}

/** Where a box being built came from (a builder's options): its document box and pass. */
export type BoxOptions = Pick<Box, 'source' | 'pass'>;

export interface Diagram {
  readonly wires: readonly WireType[];
  readonly boxes: readonly Box[];
  readonly inputs: readonly number[];
  readonly outputs: readonly number[];
  /** The term this diagram was built as (`(linear[4→3] ⊗ id) ; sigmoid`), when built from terms. */
  readonly term?: string;
}

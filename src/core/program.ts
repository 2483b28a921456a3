/**
 * Lowering: a Diagram becomes a Program — a topologically ordered list of kernel calls over
 * numbered buffers. Two optimisations, both semantics-preserving on a DAG of pure generators:
 * dead-code elimination (only what the requested outputs read: no change of a data input is
 * computed unless asked for) and common-subexpression elimination (same generator, same
 * canonical config, same input buffers ⇒ same buffers). CSE is what turns the f(x) a reverse
 * rule recomputes into a residual of the forward pass. Each step keeps its source box and pass,
 * so the UI can animate and inspect a run without re-running anything.
 */

import type { Config, Diagram, Pass } from './diagram';
import { lowerInOrder } from './lowering';
import { lensDiagram } from './rdiff';
import { topoIndex } from './topology';
import { packedOf } from './views';
import type { WireType } from './wire';

/**
 * One kernel call. Its lists are read, never written: equal ones may be one array (steps that
 * read the same input types share `types`).
 */
export interface Step {
  readonly gen: string;
  readonly config: Config;
  readonly inputs: readonly number[];
  readonly outputs: readonly number[];
  /** Types of the input buffers (what `forward` needs). */
  readonly types: readonly WireType[];
  readonly source?: string;
  readonly pass: Pass;
}

/**
 * The Program `lower` makes is stored as columns (packed.ts) and read through a view
 * (views.ts): the lists below are made on first read.
 */
export interface Program {
  readonly nBuffers: number;
  readonly bufferTypes: readonly WireType[];
  /** One buffer per input of the diagram, in order (dead inputs included). */
  readonly inputs: readonly number[];
  readonly outputs: readonly number[];
  readonly steps: readonly Step[];
  /** The buffer holding each wire of the diagram, or -1 where the wire was dead. */
  readonly wireBuffer: readonly number[];
}

export interface LowerOptions {
  /** Indices into the diagram's outputs to compute (default: all of them). */
  readonly outputs?: readonly number[];
}

/** The Program computing the diagram's outputs (or those asked for), lowered as lowering.ts says. */
export function lower(d: Diagram, opts: LowerOptions = {}): Program {
  const p = packedOf(d);
  const outs = p.outputs;
  const wanted = opts.outputs === undefined ? outs : Int32Array.from(opts.outputs, (i) => outs[i]);
  // in construction order, checked on the way; where that is not topological, in Kahn's
  return lowerInOrder(p, wanted, null) ?? (lowerInOrder(p, wanted, topoIndex(d)) as Program);
}

export interface LensProgramOptions {
  /** Indices of the inputs whose changes are wanted (default: all). Others are dead code. */
  readonly changes?: readonly number[];
  /** Whether to output the forward outputs y before the changes (default true). */
  readonly forward?: boolean;
}

/**
 * Forward and reverse lowered together, for a trainer: inputs (x…, dy…), outputs (y…, dx_i…)
 * for the requested i. The reverse reads the forward's buffers; nothing is computed twice.
 */
export function lowerLens(d: Diagram, opts: LensProgramOptions = {}): Program {
  const p = packedOf(d);
  const nOut = p.outputs.length;
  const changes = opts.changes ?? Array.from(p.inputs, (_, i) => i);
  const ys = opts.forward === false ? [] : Array.from(p.outputs, (_, j) => j);
  return lower(lensDiagram(d), { outputs: [...ys, ...changes.map((i) => nOut + i)] });
}

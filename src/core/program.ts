/**
 * Lowering: a Diagram becomes a Program — a topologically ordered list of kernel calls over
 * numbered buffers. Two optimisations, both semantics-preserving on a DAG of pure generators:
 * dead-code elimination (only what the requested outputs read: no change of a data input is
 * computed unless asked for) and common-subexpression elimination (same generator, same
 * canonical config, same input buffers ⇒ same buffers). CSE is what turns the f(x) a reverse
 * rule recomputes into a residual of the forward pass. Each step keeps its source box and pass,
 * so the UI can animate and inspect a run without re-running anything.
 */

import { StepTable } from './cse';
import type { Config, Diagram, Pass } from './diagram';
import { FORWARD, NO_PASS } from './packed';
import { lensDiagram } from './rdiff';
import { topoIndex } from './topology';

import { packedOf, programView } from './views';
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

export function lower(d: Diagram, opts: LowerOptions = {}): Program {
  const outs = packedOf(d).outputs;
  const wanted = opts.outputs === undefined ? outs : Int32Array.from(opts.outputs, (i) => outs[i]);
  // in construction order, checked on the way; where that is not topological, in Kahn's
  return lowerInOrder(d, wanted, null) ?? (lowerInOrder(d, wanted, topoIndex(d)) as Program);
}

/*
 * How lowering scales. Every table indexed by wire, buffer or step is a typed array, and so is
 * the Program made (packed.ts): its steps are columns, its configs and sources the diagram's own
 * tables, shared. The diagram's boxes are read in two passes, one back (liveness) and one
 * forward (the steps), the forward pass also checking that the construction order is
 * topological, as `topoIndex` would.
 */

/**
 * The lowering with boxes visited in `order` (`null`: construction order). With `null`, returns
 * undefined as soon as a box reads a wire no earlier box or input made: the caller then lowers
 * again in Kahn's order (and the liveness computed here, backwards in a wrong order, is dropped).
 */
function lowerInOrder(d: Diagram, wanted: Int32Array, order: Int32Array | null): Program | undefined {
  const p = packedOf(d);
  const c = p.boxes;
  const nWires = p.nWires;
  const nBoxes = c.count;
  // dead code: walk back from the wanted outputs
  const live = new Uint8Array(nWires);
  for (let k = 0; k < wanted.length; k++) live[wanted[k]] = 1;
  const liveBox = new Uint8Array(nBoxes);
  let nLive = 0;
  let nLiveIns = 0;
  let nLiveOuts = 0;
  for (let n = nBoxes - 1; n >= 0; n--) {
    const i = order === null ? n : order[n];
    let used = false;
    for (let at = c.outStart[i]; at < c.outStart[i + 1] && !used; at++) used = live[c.outs[at]] === 1;
    if (!used) continue;
    liveBox[i] = 1;
    nLive++;
    nLiveIns += c.inStart[i + 1] - c.inStart[i];
    nLiveOuts += c.outStart[i + 1] - c.outStart[i];
    for (let at = c.inStart[i]; at < c.inStart[i + 1]; at++) live[c.ins[at]] = 1;
  }
  // wire ↦ buffer (−1: none yet); in construction order, `ready` marks the wires made so far
  const bufOf = new Int32Array(nWires).fill(-1);
  const ready = order === null ? new Uint8Array(nWires) : undefined;
  const maxBuffers = p.inputs.length + nLiveOuts;
  const bufferType = new Int32Array(maxBuffers);
  let nBuffers = 0;
  const inputs = new Int32Array(p.inputs.length);
  for (let k = 0; k < p.inputs.length; k++) {
    const w = p.inputs[k];
    if (ready) ready[w] = 1;
    bufOf[w] = nBuffers;
    bufferType[nBuffers] = p.wireType[w];
    inputs[k] = nBuffers++;
  }
  const cse = new StepTable(nLive, nLiveIns, maxBuffers);
  // the steps' columns, at most nLive steps
  const gen = new Int32Array(nLive);
  const config = new Int32Array(nLive);
  const source = new Int32Array(nLive);
  const pass = new Uint8Array(nLive);
  const inStart = new Int32Array(nLive + 1);
  const ins = new Int32Array(nLiveIns);
  const outStart = new Int32Array(nLive + 1);
  const outs = new Int32Array(nLiveOuts);
  let nSteps = 0;
  for (let n = 0; n < nBoxes; n++) {
    const i = order === null ? n : order[n];
    const inFrom = c.inStart[i];
    const inTo = c.inStart[i + 1];
    const outFrom = c.outStart[i];
    const outTo = c.outStart[i + 1];
    if (ready) {
      for (let at = inFrom; at < inTo; at++) if (!ready[c.ins[at]]) return undefined;
      for (let at = outFrom; at < outTo; at++) ready[c.outs[at]] = 1;
    }
    if (!liveBox[i]) continue;
    const same = cse.find(c.gen[i], c.configs[c.config[i]], c.ins, inFrom, inTo, bufOf);
    if (same >= 0) {
      for (let at = outFrom; at < outTo; at++) bufOf[c.outs[at]] = same + at - outFrom;
      continue;
    }
    const first = nBuffers;
    const outAt = outStart[nSteps];
    for (let at = outFrom; at < outTo; at++) {
      const w = c.outs[at];
      bufOf[w] = nBuffers;
      bufferType[nBuffers] = p.wireType[w];
      outs[outAt + at - outFrom] = nBuffers++;
    }
    const inAt = inStart[nSteps];
    for (let at = inFrom; at < inTo; at++) ins[inAt + at - inFrom] = bufOf[c.ins[at]];
    cse.add(first);
    gen[nSteps] = c.gen[i];
    config[nSteps] = c.config[i];
    source[nSteps] = c.source[i];
    pass[nSteps] = c.pass[i] === NO_PASS ? FORWARD : c.pass[i];
    inStart[nSteps + 1] = inAt + inTo - inFrom;
    outStart[nSteps + 1] = outAt + outTo - outFrom;
    nSteps++;
  }
  const exact = nSteps === nLive;
  return programView({
    nBuffers,
    bufferType: bufferType.slice(0, nBuffers),
    types: p.types,
    inputs,
    outputs: wanted.map((w) => bufOf[w]),
    steps: {
      count: nSteps,
      gen: exact ? gen : gen.slice(0, nSteps),
      config: exact ? config : config.slice(0, nSteps),
      configs: c.configs,
      inStart: exact ? inStart : inStart.slice(0, nSteps + 1),
      ins: ins.slice(0, inStart[nSteps]),
      outStart: exact ? outStart : outStart.slice(0, nSteps + 1),
      outs: outs.slice(0, outStart[nSteps]),
      source: exact ? source : source.slice(0, nSteps),
      sources: c.sources,
      pass: exact ? pass : pass.slice(0, nSteps),
    },
    wireBuffer: bufOf,
  });
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

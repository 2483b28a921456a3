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
import { ChunkedList, rangeOf } from './flat';
import { lensDiagram } from './rdiff';
import { topoIndex } from './topology';
import type { WireType } from './wire';

/**
 * One kernel call. Its lists are read, never written: equal ones may be one array (a step that
 * reads only buffer b is given the `outputs` list `[b]` of b's step; steps share `types`).
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
  const wanted = opts.outputs === undefined ? d.outputs.slice() : opts.outputs.map((i) => d.outputs[i]);
  // in construction order, checked on the way; where that is not topological, in Kahn's
  return lowerInOrder(d, wanted, null) ?? (lowerInOrder(d, wanted, topoIndex(d)) as Program);
}

/*
 * How lowering scales. Every table indexed by wire, buffer or step is a typed array until the
 * end; the lists handed out are made once, at their exact size (a JS array of more than 16,384
 * entries is a large object to V8 — a fresh mapping of memory, page-faulted in — so none is
 * regrown); Step objects are made without an allocation site and collected in regular-sized
 * chunks (flat.ts says why both matter); input-type lists are shared. The diagram's boxes are
 * read in two passes, one back (liveness) and one forward (the steps), the forward pass also
 * checking that the construction order is topological, as `topoIndex` would.
 */

/**
 * The lowering with boxes visited in `order` (`null`: construction order). With `null`, returns
 * undefined as soon as a box reads a wire no earlier box or input made: the caller then lowers
 * again in Kahn's order (and the liveness computed here, backwards in a wrong order, is dropped).
 */
function lowerInOrder(d: Diagram, wanted: readonly number[], order: Int32Array | null): Program | undefined {
  const boxes = d.boxes;
  const wires = d.wires;
  const nBoxes = boxes.length;
  // dead code: walk back from the wanted outputs
  const live = new Uint8Array(wires.length);
  for (let k = 0; k < wanted.length; k++) live[wanted[k]] = 1;
  const liveBox = new Uint8Array(nBoxes);
  let nLive = 0;
  let nLiveIns = 0;
  let nLiveOuts = 0;
  for (let n = nBoxes - 1; n >= 0; n--) {
    const i = order === null ? n : order[n];
    const b = boxes[i];
    let used = false;
    for (let k = 0; k < b.outputs.length && !used; k++) used = live[b.outputs[k]] === 1;
    if (!used) continue;
    liveBox[i] = 1;
    nLive++;
    nLiveIns += b.inputs.length;
    nLiveOuts += b.outputs.length;
    for (let k = 0; k < b.inputs.length; k++) live[b.inputs[k]] = 1;
  }
  // wire ↦ buffer (−1: none yet); in construction order, `ready` marks the wires made so far
  const bufOf = new Int32Array(wires.length).fill(-1);
  const ready = order === null ? new Uint8Array(wires.length) : undefined;
  // buffer ↦ the wire it was made for (so its type), at most one per input and live box output
  const bufWire = new Int32Array(d.inputs.length + nLiveOuts);
  let nBuffers = 0;
  // the one-element list [buffer] of a step that makes only that buffer is shared by every step
  // that reads only it (producer[buffer]: that step, −1: none)
  const producer = new Int32Array(d.inputs.length + nLiveOuts).fill(-1);
  const inputs = d.inputs.map((w) => {
    if (ready) ready[w] = 1;
    bufOf[w] = nBuffers;
    bufWire[nBuffers] = w;
    return nBuffers++;
  });
  const cse = new StepTable(nLive, nLiveIns, d.inputs.length + nLiveOuts);
  const steps = new ChunkedList<Step>(nLive);
  const typeLists = new TypeLists(wires);
  for (let n = 0; n < nBoxes; n++) {
    const i = order === null ? n : order[n];
    const b = boxes[i];
    if (ready) {
      for (let k = 0; k < b.inputs.length; k++) if (!ready[b.inputs[k]]) return undefined;
      for (let k = 0; k < b.outputs.length; k++) ready[b.outputs[k]] = 1;
    }
    if (!liveBox[i]) continue;
    const same = cse.find(b.gen, b.config, b.inputs, bufOf);
    if (same >= 0) {
      for (let k = 0; k < b.outputs.length; k++) bufOf[b.outputs[k]] = same + k;
      continue;
    }
    const first = nBuffers;
    for (let k = 0; k < b.outputs.length; k++) {
      bufOf[b.outputs[k]] = nBuffers;
      bufWire[nBuffers++] = b.outputs[k];
    }
    let ins: number[];
    if (b.inputs.length !== 1) ins = cse.inputs();
    else {
      const buf = bufOf[b.inputs[0]];
      const p = producer[buf];
      ins = p >= 0 ? (steps.at(p).outputs as number[]) : rangeOf(buf, 1);
    }
    cse.add(first);
    if (b.outputs.length === 1) producer[first] = steps.length;
    const outs = rangeOf(first, b.outputs.length);
    steps.push(new StepObject(b.gen, b.config, ins, outs, typeLists.of(b.inputs), b.source, b.pass ?? 'forward'));
  }
  // the lists handed out are made last, at their exact size (flat.ts): the types point at nothing
  // young, the buffers are numbers, so neither needs chunks
  const bufferTypes = new Array<WireType>(nBuffers);
  for (let k = 0; k < nBuffers; k++) bufferTypes[k] = wires[bufWire[k]];
  const wireBuffer = wires.map((_, w) => bufOf[w]);
  return {
    nBuffers,
    bufferTypes,
    inputs,
    outputs: wanted.map((w) => wireBuffer[w]),
    steps: steps.toArray(),
    wireBuffer,
  };
}

/**
 * A Step as a plain object — `Object.prototype` is its prototype, its own fields are those of a
 * `{ gen, config, … }` literal in that order — made by a constructor call, which (unlike a
 * literal) gives V8 no allocation site to pretenure: see `flat.ts`.
 */
const StepObject = function (
  this: { -readonly [K in keyof Step]: Step[K] },
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
  types: readonly WireType[],
  source: string | undefined,
  pass: Pass,
) {
  this.gen = gen;
  this.config = config;
  this.inputs = inputs;
  this.outputs = outputs;
  this.types = types;
  this.source = source;
  this.pass = pass;
} as unknown as new (
  gen: string,
  config: Config,
  inputs: readonly number[],
  outputs: readonly number[],
  types: readonly WireType[],
  source: string | undefined,
  pass: Pass,
) => Step;
StepObject.prototype = Object.prototype;

/**
 * One frozen list per distinct sequence of wire-type objects: the steps of a diagram read a
 * handful of types (the builder interns them), so 40,000 steps share a few `types` arrays. The
 * lists are kept in a trie of weak maps keyed by the type objects themselves, so nothing here
 * outlives the types; the list made last for each arity answers repeats without a lookup.
 */
interface TypeNode {
  list?: readonly WireType[];
  next?: WeakMap<WireType, TypeNode>;
}
const typeTrie: TypeNode = {};

class TypeLists {
  private readonly last: (readonly WireType[] | undefined)[] = [];
  constructor(private readonly wires: readonly WireType[]) {}

  of(ins: readonly number[]): readonly WireType[] {
    const n = ins.length;
    const last = n < 8 ? this.last[n] : undefined;
    if (last !== undefined) {
      let same = true;
      for (let k = 0; k < n && same; k++) same = last[k] === this.wires[ins[k]];
      if (same) return last;
    }
    let node = typeTrie;
    for (let k = 0; k < n; k++) {
      const t = this.wires[ins[k]];
      node.next ??= new WeakMap();
      let child = node.next.get(t);
      if (child === undefined) {
        child = {};
        node.next.set(t, child);
      }
      node = child;
    }
    if (node.list === undefined) {
      const list = new Array<WireType>(n);
      for (let k = 0; k < n; k++) list[k] = this.wires[ins[k]];
      node.list = Object.freeze(list);
    }
    if (n < 8) this.last[n] = node.list;
    return node.list;
  }
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
  const nOut = d.outputs.length;
  const changes = opts.changes ?? d.inputs.map((_, i) => i);
  const ys = opts.forward === false ? [] : d.outputs.map((_, j) => j);
  return lower(lensDiagram(d), { outputs: [...ys, ...changes.map((i) => nOut + i)] });
}

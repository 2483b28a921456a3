/**
 * Lowering: a Diagram becomes a Program — a topologically ordered list of kernel calls over
 * numbered buffers. Two optimisations, both semantics-preserving on a DAG of pure generators:
 * dead-code elimination (only what the requested outputs read: no change of a data input is
 * computed unless asked for) and common-subexpression elimination (same generator, same
 * canonical config, same input buffers ⇒ same buffers). CSE is what turns the f(x) a reverse
 * rule recomputes into a residual of the forward pass. Each step keeps its source box and pass,
 * so the UI can animate and inspect a run without re-running anything.
 */

import { canonicalConfig } from './canonical';
import type { Config, Diagram, Pass } from './diagram';
import { lensDiagram } from './rdiff';
import { topoOrder } from './topology';
import type { WireType } from './wire';

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
  const wanted = (opts.outputs ?? d.outputs.map((_, i) => i)).map((i) => d.outputs[i]);
  const order = topoOrder(d);
  const live = new Uint8Array(d.wires.length);
  for (const w of wanted) live[w] = 1;
  const liveBox = new Uint8Array(d.boxes.length);
  for (let n = order.length - 1; n >= 0; n--) {
    const b = d.boxes[order[n]];
    let used = false;
    for (let k = 0; k < b.outputs.length && !used; k++) used = live[b.outputs[k]] === 1;
    if (!used) continue;
    liveBox[order[n]] = 1;
    for (let k = 0; k < b.inputs.length; k++) live[b.inputs[k]] = 1;
  }
  const buf = new Array<number>(d.wires.length).fill(-1);
  const bufferTypes: WireType[] = [];
  const fresh = (w: number) => {
    buf[w] = bufferTypes.push(d.wires[w]) - 1;
    return buf[w];
  };
  const inputs = d.inputs.map(fresh);
  const cse = new StepTable();
  const steps: Step[] = [];
  for (const i of order) {
    if (!liveBox[i]) continue;
    const b = d.boxes[i];
    const n = b.inputs.length;
    const ins = new Array<number>(n);
    for (let k = 0; k < n; k++) ins[k] = buf[b.inputs[k]];
    const same = cse.find(b.gen, b.config, ins);
    if (same) {
      for (let k = 0; k < b.outputs.length; k++) buf[b.outputs[k]] = same[k];
      continue;
    }
    const outs = new Array<number>(b.outputs.length);
    for (let k = 0; k < outs.length; k++) outs[k] = fresh(b.outputs[k]);
    cse.add(outs);
    const types = new Array<WireType>(n);
    for (let k = 0; k < n; k++) types[k] = d.wires[b.inputs[k]];
    steps.push({
      gen: b.gen,
      config: b.config,
      inputs: ins,
      outputs: outs,
      types,
      source: b.source,
      pass: b.pass ?? 'forward',
    });
  }
  return {
    nBuffers: bufferTypes.length,
    bufferTypes,
    inputs,
    outputs: wanted.map((w) => buf[w]),
    steps,
    wireBuffer: buf,
  };
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

/**
 * CSE's table: (generator, canonical config, input buffers) ↦ output buffers, keyed by a numeric
 * hash with exact comparison on collision, so lowering builds no key strings (they were most of
 * its garbage at 10,000 boxes). `find` remembers its key for the `add` that follows a miss.
 */
class StepTable {
  private readonly gens = new Map<string, number>();
  private readonly configs = new Map<string, number>();
  /** Hash ↦ the latest entry with it; `next` chains entries that share a hash. */
  private readonly byHash = new Map<number, number>();
  private readonly next: number[] = [];
  private readonly gen: number[] = [];
  private readonly config: number[] = [];
  private readonly ins: (readonly number[])[] = [];
  private readonly outs: (readonly number[])[] = [];
  private pending = { gen: 0, config: 0, ins: [] as readonly number[], hash: 0 };

  find(gen: string, config: Config, ins: readonly number[]): readonly number[] | undefined {
    const g = intern(this.gens, gen);
    const c = intern(this.configs, canonicalConfig(config));
    let h = Math.imul(g + 1, 0x9e3779b1) ^ Math.imul(c + 1, 0x85ebca6b);
    for (let k = 0; k < ins.length; k++) h = Math.imul(h ^ ins[k], 0x01000193) + k;
    this.pending.gen = g;
    this.pending.config = c;
    this.pending.ins = ins;
    this.pending.hash = h;
    for (let at = this.byHash.get(h) ?? -1; at >= 0; at = this.next[at]) {
      if (this.gen[at] === g && this.config[at] === c && sameList(this.ins[at], ins)) return this.outs[at];
    }
    return undefined;
  }

  add(outs: readonly number[]): void {
    const { gen, config, ins, hash } = this.pending;
    this.next.push(this.byHash.get(hash) ?? -1);
    this.byHash.set(hash, this.gen.length);
    this.gen.push(gen);
    this.config.push(config);
    this.ins.push(ins);
    this.outs.push(outs);
  }
}

function intern(table: Map<string, number>, key: string): number {
  const known = table.get(key);
  if (known !== undefined) return known;
  table.set(key, table.size);
  return table.size - 1;
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

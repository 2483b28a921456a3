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
    if (!b.outputs.some((w) => live[w])) continue;
    liveBox[order[n]] = 1;
    for (const w of b.inputs) live[w] = 1;
  }
  const buf = new Array<number>(d.wires.length).fill(-1);
  const bufferTypes: WireType[] = [];
  const fresh = (w: number) => {
    buf[w] = bufferTypes.push(d.wires[w]) - 1;
    return buf[w];
  };
  const inputs = d.inputs.map(fresh);
  const seen = new Map<string, readonly number[]>();
  const configIds = new Map<string, number>();
  const configId = (c: Config) => {
    const k = canonicalConfig(c);
    const known = configIds.get(k);
    if (known !== undefined) return known;
    configIds.set(k, configIds.size);
    return configIds.size - 1;
  };
  const steps: Step[] = [];
  for (const i of order) {
    if (!liveBox[i]) continue;
    const b = d.boxes[i];
    const ins = b.inputs.map((w) => buf[w]);
    const key = `${b.gen}|${configId(b.config)}|${ins.join(',')}`;
    const same = seen.get(key);
    if (same) {
      b.outputs.forEach((w, k) => {
        buf[w] = same[k];
      });
      continue;
    }
    const outs = b.outputs.map(fresh);
    seen.set(key, outs);
    const types = b.inputs.map((w) => d.wires[w]);
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

/**
 * Elementwise fusion: a pass over a lowered Program that merges runs of pointwise steps of one
 * output type into single `fused` steps, each carrying a small expression (FusedExpr) that a
 * kernel evaluates in one pass: one loop over tiles on the typed engine and tfjs's cpu and wasm
 * backends, one shader per output on webgl. An Adam update of one parameter is 13 pointwise
 * kernel calls unfused; fused it is one, reading p, m, v, dp and four scalars once and writing
 * p⁺, m⁺, v⁺.
 *
 * Which steps are pointwise is found by tracing their forward (fuseTrace.ts); how an engine runs
 * a fused step is fusedStep.ts.
 *
 * The pass keeps the Program's buffers, inputs and outputs: only steps change. A fused step
 * computes exactly the buffers that something outside it reads (a later step or a Program
 * output); its intermediates are never stored. Inspection and animation, which need every
 * buffer, run the unfused Program; training runs the fused one. Both compute the same values:
 * every instruction is the generator's own kernel op, in the same order, rounded the same way
 * (the oracle tests check it on both engines).
 *
 *   const fast = fuseProgram(lowerLens(d));     // same inputs and outputs, fewer steps
 */
import type { Config } from './diagram';
import { FUSED, type FusedConfig } from './fusedStep';
import { tracePointwise } from './fuseTrace';
import type { FusedExpr, FusedInstr } from './kernel';
import type { Program, Step } from './program';
import { isScalar, shapeSize } from './shape';
import type { WireType } from './wire';

interface Group {
  readonly key: string;
  readonly type: WireType;
  readonly members: number[];
  /** Broadcast steps read as repeated inputs instead of run (emitted anyway if read outside). */
  readonly absorbed: number[];
  /** Buffers read from outside, in register order, and how many output values share a value. */
  readonly inputs: number[];
  readonly each: number[];
  readonly code: FusedInstr[];
  /** Buffer ↦ register, for the group's inputs and every buffer its members produce. */
  readonly reg: Map<number, number>;
  /** Buffers its members produce, in order. */
  readonly produced: number[];
}

const keyOf = (t: WireType) => `${t.field}${t.batch ? 'B' : ''}[${t.shape.join(',')}]`;

/**
 * A broadcast along trailing feature axes (the last one, or all of them) reads its input's
 * values each repeated `each` times in order: the fused kernels can read the input that way, so
 * no step needs to write the repeated copy. Undefined for other steps and for broadcasts that
 * repeat nothing.
 */
function broadcastEach(step: Step, out: WireType): number | undefined {
  if (step.gen !== 'broadcast' || isScalar(out)) return undefined;
  const shape = step.config.shape as number[];
  const axis = step.config.axis as number;
  const each = axis === -1 ? shapeSize(shape) : axis === shape.length - 1 ? shape[axis] : undefined;
  // A broadcast onto axes of size 1 repeats nothing: it is a copy, which rounds a float64 input
  // to the run's element type. Read in place, the input would keep its unrounded bits, so it
  // stays a step of its own.
  return each !== undefined && each > 1 ? each : undefined;
}

/**
 * Merges pointwise steps of one output type into fused steps. A group stays open while the
 * Program goes on and closes (is emitted) just before the first step outside it that reads one
 * of its buffers, so every step still comes after what it reads. Groups of one step stay as
 * they were.
 */
export function fuseProgram(program: Program): Program {
  const fusion = new Fusion(program);
  program.steps.forEach((s, n) => {
    fusion.add(s, n);
  });
  return { ...program, steps: fusion.finish() };
}

/** The pass's state: the steps emitted so far and the groups still open. */
class Fusion {
  private readonly steps: readonly Step[];
  private readonly readers: number[][];
  private readonly isOutput: Uint8Array;
  private readonly out: Step[] = [];
  private readonly open = new Map<string, Group>();
  /** The open group that produces a buffer. */
  private readonly producer = new Map<number, Group>();

  constructor(private readonly program: Program) {
    this.steps = program.steps;
    this.readers = Array.from({ length: program.nBuffers }, () => []);
    this.steps.forEach((s, n) => {
      for (const b of s.inputs) this.readers[b].push(n);
    });
    this.isOutput = new Uint8Array(program.nBuffers);
    for (const b of program.outputs) this.isOutput[b] = 1;
  }

  /** Step `n`: absorbed, added to a group, or emitted as it is (closing the groups it reads). */
  add(s: Step, n: number): void {
    if (this.absorb(s, n)) return;
    const traced = tracePointwise(
      s,
      s.outputs.map((b) => this.program.bufferTypes[b]),
    );
    const key = traced ? keyOf(traced.type) : undefined;
    for (const b of s.inputs) {
      const g = this.producer.get(b);
      if (g && g.key !== key) this.close(g);
    }
    if (!traced || key === undefined) {
      this.out.push(s);
      return;
    }
    const g = this.openGroup(key, traced.type);
    const local: number[] = s.inputs.map((b) => {
      const known = g.reg.get(b);
      if (known !== undefined) return known;
      const r = this.inputReg(g, b, 1);
      g.reg.set(b, r);
      return r;
    });
    const nIn = s.inputs.length;
    const base = g.code.length;
    for (const instr of traced.code) g.code.push(mapRegs(instr, (r) => (r < nIn ? local[r] : base + (r - nIn))));
    s.outputs.forEach((b, k) => {
      g.reg.set(b, base + (traced.outputs[k] - nIn));
      g.produced.push(b);
      this.producer.set(b, g);
    });
    g.members.push(n);
  }

  /** The steps, once every group still open is emitted. */
  finish(): Step[] {
    for (const g of [...this.open.values()]) this.close(g);
    return this.out;
  }

  /** Takes in a broadcast along trailing axes as a repeated input of a group; false if it is not one. */
  private absorb(s: Step, n: number): boolean {
    const outType = this.program.bufferTypes[s.outputs[0]];
    const each = broadcastEach(s, outType);
    if (each === undefined) return false;
    const key = keyOf(outType);
    const from = this.producer.get(s.inputs[0]);
    if (from && from.key !== key) this.close(from);
    // Its input must come from outside the group: values made inside have the group's shape.
    if (this.producer.get(s.inputs[0]) !== undefined) return false;
    const g = this.openGroup(key, outType);
    g.reg.set(s.outputs[0], this.inputReg(g, s.inputs[0], each));
    this.producer.set(s.outputs[0], g);
    g.absorbed.push(n);
    return true;
  }

  /** Whether something outside the group's members reads buffer `b` (or it is an output). */
  private readOutside(b: number, members: Set<number>): boolean {
    return this.isOutput[b] === 1 || this.readers[b].some((r) => !members.has(r));
  }

  private close(g: Group): void {
    this.open.delete(g.key);
    for (const b of g.produced) this.producer.delete(b);
    for (const n of g.absorbed) this.producer.delete(this.steps[n].outputs[0]);
    if (g.members.length <= 1) {
      // Nothing to fuse: the steps as they were, in Program order.
      for (const n of [...g.absorbed, ...g.members].sort((a, b) => a - b)) this.out.push(this.steps[n]);
      return;
    }
    const members = new Set(g.members);
    // An absorbed broadcast whose copy something outside reads is run as well.
    for (const n of g.absorbed) if (this.readOutside(this.steps[n].outputs[0], members)) this.out.push(this.steps[n]);
    this.out.push(this.fusedStep(g, members));
  }

  /** The group as one step, computing the buffers read outside it. */
  private fusedStep(g: Group, members: Set<number>): Step {
    const outBufs = g.produced.filter((b) => this.readOutside(b, members));
    const pruned = prune(
      g.inputs.length,
      g.code,
      outBufs.map((b) => g.reg.get(b) as number),
    );
    const expr: FusedExpr = g.each.some((e) => e > 1) ? { ...pruned, each: g.each } : pruned;
    const first = this.steps[g.members[0]];
    const last = this.steps[g.members[g.members.length - 1]];
    const sources = g.members.map((m) => this.steps[m].source).filter((s): s is string => s !== undefined);
    const config: FusedConfig = { expr, type: g.type, sources };
    return {
      gen: FUSED,
      config: config as unknown as Config,
      inputs: g.inputs,
      outputs: outBufs,
      types: g.inputs.map((b) => this.program.bufferTypes[b]),
      source: first.source,
      pass: last.pass,
    };
  }

  private openGroup(key: string, type: WireType): Group {
    let g = this.open.get(key);
    if (!g) {
      g = { key, type, members: [], absorbed: [], inputs: [], each: [], code: [], reg: new Map(), produced: [] };
      this.open.set(key, g);
    }
    return g;
  }

  /** The register of an outside buffer read `each` values at a time (made on first read). */
  private inputReg(g: Group, b: number, each: number): number {
    for (let j = 0; j < g.inputs.length; j++) if (g.inputs[j] === b && g.each[j] === each) return -(j + 1);
    g.inputs.push(b);
    g.each.push(each);
    return -g.inputs.length; // inputs are renumbered when the group closes
  }
}

/**
 * While a group grows, its registers are numbered: inputs −1, −2, … (in order of first read)
 * and instructions 0, 1, …. `prune` renumbers them as a FusedExpr (inputs 0…n−1, then the
 * instructions) keeping only the instructions the outputs need.
 */
function prune(nInputs: number, code: readonly FusedInstr[], outRegs: readonly number[]): FusedExpr {
  const needed = new Uint8Array(code.length);
  const mark = (r: number) => {
    if (r >= 0) needed[r] = 1;
  };
  outRegs.forEach(mark);
  for (let i = code.length - 1; i >= 0; i--) {
    if (!needed[i]) continue;
    const c = code[i];
    mark(c.a);
    if (c.op === 'binary') mark(c.b);
  }
  const renum = new Int32Array(code.length).fill(-1);
  const kept: FusedInstr[] = [];
  const reg = (r: number) => (r < 0 ? -r - 1 : nInputs + renum[r]);
  code.forEach((c, i) => {
    if (!needed[i]) return;
    renum[i] = kept.length;
    kept.push(mapRegs(c, reg));
  });
  return { nInputs, code: kept, outputs: outRegs.map(reg) };
}

function mapRegs(c: FusedInstr, f: (r: number) => number): FusedInstr {
  return c.op === 'binary' ? { ...c, a: f(c.a), b: f(c.b) } : { ...c, a: f(c.a) };
}

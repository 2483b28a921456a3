/**
 * Elementwise fusion: a pass over a lowered Program that merges runs of pointwise steps of one
 * output type into single `fused` steps, each carrying a small expression (FusedExpr) that a
 * kernel evaluates in one pass: one loop over tiles on the typed engine and tfjs's cpu and wasm
 * backends, one shader per output on webgl. An Adam update of one parameter is 13 pointwise
 * kernel calls unfused; fused it is one, reading p, m, v, dp and four scalars once and writing
 * p⁺, m⁺, v⁺.
 *
 * Which steps are pointwise is not listed anywhere: each step's generator forward is *traced*
 * on a symbolic kernel that records unary, binary, scale and leaky calls and refuses anything
 * else (matmul, sums, reshapes…). So a new elementwise generator fuses with no change here.
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
import type { Generator } from './generator';
import type { BinaryOp, Kernel, UnaryOp } from './kernel';
import type { Program, Step } from './program';
import { getGenerator } from './registry';
import { fullShape, isScalar, sameShape, shapeSize } from './shape';
import { typeEquals, type WireType } from './wire';

export const FUSED = 'fused';

/** One instruction; its result is register `nInputs + index`. */
export type FusedInstr =
  | { readonly op: 'unary'; readonly fn: UnaryOp; readonly a: number }
  | { readonly op: 'binary'; readonly fn: BinaryOp; readonly a: number; readonly b: number }
  | { readonly op: 'scale' | 'leakyRelu' | 'leakyStep'; readonly a: number; readonly c: number };

/**
 * Registers 0…nInputs−1 are the inputs, each of the output's full shape, a trailing part of it
 * (repeated, as a bias along the batch), a leading part of it (each value repeated, see `each`)
 * or a scalar. Every instruction's result has the output's
 * full shape. `outputs` are the registers written out, in the step's output order.
 */
export interface FusedExpr {
  readonly nInputs: number;
  readonly code: readonly FusedInstr[];
  readonly outputs: readonly number[];
  /**
   * Per input, how many consecutive values of the output share one of its values (absent or 1:
   * none): input r at output index i is x[⌊i / each[r]⌋ mod len]. A `broadcast` along trailing
   * feature axes becomes such an input instead of a step.
   */
  readonly each?: readonly number[];
}

/** A fused step's config: the expression, its output type, and the steps it replaced. */
export interface FusedConfig {
  readonly expr: FusedExpr;
  readonly type: WireType;
  /** The source boxes of the steps it replaced, in Program order (for inspection). */
  readonly sources: readonly string[];
}

const fusedConfig = (config: Config) => config as unknown as FusedConfig;

/** How an engine runs a step: its generator itself, or a fused step's kernel call. */
export type StepForward = Pick<Generator, 'forward'>;

/** A fused step's runner: its expression and output type read once, its full shape kept per batch size. */
function fusedForward(config: Config): StepForward {
  const { expr, type } = fusedConfig(config);
  let batchSize = -1;
  let shape: readonly number[] = [];
  return {
    forward<T>(k: Kernel<T>, _config: Config, inputs: readonly T[]): T[] {
      if (k.batchSize !== batchSize) {
        batchSize = k.batchSize;
        shape = fullShape(type, k.batchSize);
      }
      return k.fused(expr, inputs, shape);
    },
  };
}

/** Engines call `stepForward(step).forward(kernel, step.config, inputs, step.types)`. */
export function stepForward(step: Step): StepForward {
  return step.gen === FUSED ? fusedForward(step.config) : getGenerator(step.gen);
}

// ─── Tracing a generator's forward on a symbolic kernel ───────────────────────────────────────

/** A symbolic tensor: its wire type and the register that will hold it. */
interface Sym {
  readonly type: WireType;
  readonly reg: number;
}

class NotPointwise extends Error {}

/** Whether a value of type t broadcasts to type o by repeating along leading axes (or is o). */
function repeatsInto(t: WireType, o: WireType): boolean {
  if (t.batch && !o.batch) return false;
  if (t.batch && !sameShape(t.shape, o.shape)) return false;
  const off = o.shape.length - t.shape.length;
  return off >= 0 && t.shape.every((n, i) => n === o.shape[off + i]);
}

/** Stands in for the batch size while tracing; no real dimension is this large. */
const SYMBOLIC_BATCH = 2 ** 30;

class TraceKernel implements Kernel<Sym> {
  readonly name = 'trace';
  readonly batchSize = SYMBOLIC_BATCH;
  readonly code: FusedInstr[] = [];

  constructor(private readonly nInputs: number) {}

  private push(instr: FusedInstr, type: WireType): Sym {
    this.code.push(instr);
    return { type, reg: this.nInputs + this.code.length - 1 };
  }

  shape = (x: Sym) => fullShape(x.type, this.batchSize);
  unary = (fn: UnaryOp, x: Sym) => this.push({ op: 'unary', fn, a: x.reg }, x.type);
  scale = (x: Sym, c: number) => this.push({ op: 'scale', a: x.reg, c }, x.type);
  leakyRelu = (x: Sym, c: number) => this.push({ op: 'leakyRelu', a: x.reg, c }, x.type);
  leakyStep = (x: Sym, c: number) => this.push({ op: 'leakyStep', a: x.reg, c }, x.type);
  binary(fn: BinaryOp, a: Sym, b: Sym) {
    const out = repeatsInto(b.type, a.type) ? a.type : b.type;
    if (!repeatsInto(a.type, out) || !repeatsInto(b.type, out)) throw new NotPointwise();
    return this.push({ op: 'binary', fn, a: a.reg, b: b.reg }, out);
  }
  fused(): Sym[] {
    throw new NotPointwise();
  }

  private refuse = (): never => {
    throw new NotPointwise();
  };
  fill = this.refuse;
  fromArray = this.refuse;
  matmul = this.refuse;
  sumBatch = this.refuse;
  broadcastBatch = this.refuse;
  sum = this.refuse;
  broadcastAxes = this.refuse;
  reshape = this.refuse;
  concat = this.refuse;
  slice = this.refuse;
  softmax = this.refuse;
  conv2d = this.refuse;
  conv2dBackInput = this.refuse;
  conv2dBackFilter = this.refuse;
  maxPool = this.refuse;
  maxPoolBack = this.refuse;
  maxPoolSelect = this.refuse;
}

/** A pointwise step: its code over registers 0…n−1 (its inputs) and its outputs' registers. */
interface Traced {
  readonly code: readonly FusedInstr[];
  readonly outputs: readonly number[];
  readonly type: WireType;
}

/**
 * The step's forward as pointwise code, or undefined when it is not pointwise, when its outputs
 * differ in type, are scalars (those stay single steps: the tfjs engine runs them on the host)
 * or pass an input through unchanged.
 */
function tracePointwise(step: Step, outTypes: readonly WireType[]): Traced | undefined {
  if (step.gen === FUSED) return undefined;
  const type = outTypes[0];
  if (type === undefined || isScalar(type) || outTypes.some((t) => !typeEquals(t, type))) return undefined;
  const n = step.inputs.length;
  const k = new TraceKernel(n);
  let outs: Sym[];
  try {
    outs = getGenerator(step.gen).forward(
      k,
      step.config,
      step.types.map((t, reg) => ({ type: t, reg })),
      step.types,
    );
  } catch (e) {
    if (e instanceof NotPointwise) return undefined;
    throw e;
  }
  if (outs.length !== outTypes.length || outs.some((o) => o.reg < n || !typeEquals(o.type, type))) return undefined;
  if (!step.types.every((t) => repeatsInto(t, type))) return undefined;
  return { code: k.code, outputs: outs.map((o) => o.reg), type };
}

// ─── The pass ────────────────────────────────────────────────────────────────────────────────

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
 * no step needs to write the repeated copy. Undefined for other steps.
 */
function broadcastEach(step: Step, out: WireType): number | undefined {
  if (step.gen !== 'broadcast' || isScalar(out)) return undefined;
  const shape = step.config.shape as number[];
  const axis = step.config.axis as number;
  if (axis === -1) return shapeSize(shape);
  return axis === shape.length - 1 ? shape[axis] : undefined;
}

/**
 * Merges pointwise steps of one output type into fused steps. A group stays open while the
 * Program goes on and closes (is emitted) just before the first step outside it that reads one
 * of its buffers, so every step still comes after what it reads. Groups of one step stay as
 * they were.
 */
export function fuseProgram(program: Program): Program {
  const steps = program.steps;
  const readers: number[][] = Array.from({ length: program.nBuffers }, () => []);
  steps.forEach((s, n) => {
    for (const b of s.inputs) readers[b].push(n);
  });
  const isOutput = new Uint8Array(program.nBuffers);
  for (const b of program.outputs) isOutput[b] = 1;

  const out: Step[] = [];
  const open = new Map<string, Group>();
  /** The open group that produces a buffer. */
  const producer = new Map<number, Group>();

  const close = (g: Group) => {
    open.delete(g.key);
    for (const b of g.produced) producer.delete(b);
    for (const n of g.absorbed) producer.delete(steps[n].outputs[0]);
    if (g.members.length <= 1) {
      // Nothing to fuse: the steps as they were, in Program order.
      for (const n of [...g.absorbed, ...g.members].sort((a, b) => a - b)) out.push(steps[n]);
      return;
    }
    const members = new Set(g.members);
    // An absorbed broadcast whose copy something outside reads is run as well.
    for (const n of g.absorbed) {
      const b = steps[n].outputs[0];
      if (isOutput[b] === 1 || readers[b].some((r) => !members.has(r))) out.push(steps[n]);
    }
    const outBufs = g.produced.filter((b) => isOutput[b] === 1 || readers[b].some((r) => !members.has(r)));
    const pruned = prune(
      g.inputs.length,
      g.code,
      outBufs.map((b) => g.reg.get(b) as number),
    );
    const expr: FusedExpr = g.each.some((e) => e > 1) ? { ...pruned, each: g.each } : pruned;
    const first = steps[g.members[0]];
    const last = steps[g.members[g.members.length - 1]];
    const sources = g.members.map((m) => steps[m].source).filter((s): s is string => s !== undefined);
    const config: FusedConfig = { expr, type: g.type, sources };
    out.push({
      gen: FUSED,
      config: config as unknown as Config,
      inputs: g.inputs,
      outputs: outBufs,
      types: g.inputs.map((b) => program.bufferTypes[b]),
      source: first.source,
      pass: last.pass,
    });
  };

  const openGroup = (key: string, type: WireType): Group => {
    let g = open.get(key);
    if (!g) {
      g = { key, type, members: [], absorbed: [], inputs: [], each: [], code: [], reg: new Map(), produced: [] };
      open.set(key, g);
    }
    return g;
  };
  /** The register of an outside buffer read `each` values at a time (made on first read). */
  const inputReg = (g: Group, b: number, each: number): number => {
    for (let j = 0; j < g.inputs.length; j++) if (g.inputs[j] === b && g.each[j] === each) return -(j + 1);
    g.inputs.push(b);
    g.each.push(each);
    return -g.inputs.length; // inputs are renumbered when the group closes
  };

  steps.forEach((s, n) => {
    const outType = program.bufferTypes[s.outputs[0]];
    const each = broadcastEach(s, outType);
    if (each !== undefined) {
      const key = keyOf(outType);
      const from = producer.get(s.inputs[0]);
      if (from && from.key !== key) close(from);
      // Its input must come from outside the group: values made inside have the group's shape.
      if (producer.get(s.inputs[0]) === undefined) {
        const g = openGroup(key, outType);
        g.reg.set(s.outputs[0], inputReg(g, s.inputs[0], each));
        producer.set(s.outputs[0], g);
        g.absorbed.push(n);
        return;
      }
    }
    const traced = tracePointwise(
      s,
      s.outputs.map((b) => program.bufferTypes[b]),
    );
    const key = traced ? keyOf(traced.type) : undefined;
    for (const b of s.inputs) {
      const g = producer.get(b);
      if (g && g.key !== key) close(g);
    }
    if (!traced || key === undefined) {
      out.push(s);
      return;
    }
    const g = openGroup(key, traced.type);
    const local: number[] = s.inputs.map((b) => {
      const known = g.reg.get(b);
      if (known !== undefined) return known;
      const r = inputReg(g, b, 1);
      g.reg.set(b, r);
      return r;
    });
    const nIn = s.inputs.length;
    const base = g.code.length;
    for (const instr of traced.code) g.code.push(mapRegs(instr, (r) => (r < nIn ? local[r] : base + (r - nIn))));
    s.outputs.forEach((b, k) => {
      g.reg.set(b, base + (traced.outputs[k] - nIn));
      g.produced.push(b);
      producer.set(b, g);
    });
    g.members.push(n);
  });
  for (const g of [...open.values()]) close(g);
  return { ...program, steps: out };
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

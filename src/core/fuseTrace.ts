/**
 * Which steps fusion may merge is not listed anywhere: each step's generator forward is *traced*
 * on a symbolic kernel that records unary, binary, scale and leaky calls and refuses anything
 * else (matmul, sums, reshapes…). So a new elementwise generator fuses with no change here.
 */

import { FUSED } from './fusedStep';
import { getGenerator } from './generators/index';
import type { BinaryOp, FusedInstr, Kernel, UnaryOp } from './kernel';
import type { Step } from './program';
import { fullShape, isScalar, sameShape } from './shape';
import { typeEquals, type WireType } from './wire';

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
  batchMatmul = this.refuse;
  transpose = this.refuse;
  causalMask = this.refuse;
  layerNorm = this.refuse;
  embed = this.refuse;
  embedBack = this.refuse;
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
export interface Traced {
  readonly code: readonly FusedInstr[];
  readonly outputs: readonly number[];
  readonly type: WireType;
}

/**
 * The step's forward as pointwise code, or undefined when it is not pointwise, when its outputs
 * differ in type, are scalars (those stay single steps: the tfjs engine runs them on the host)
 * or pass an input through unchanged.
 */
export function tracePointwise(step: Step, outTypes: readonly WireType[]): Traced | undefined {
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

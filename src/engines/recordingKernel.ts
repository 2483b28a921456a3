/**
 * The recording of a Program's run for its replay (./typedReplay.ts; docs/architecture.md, "The
 * small end"): a kernel that computes as the typed kernel does and notes each call as one
 * closure over the arrays it read and wrote, with its sizes worked out once, and joins an add
 * to the call that made its operand where it may (./replayFusion.ts). Each closure calls the
 * very loop the typed kernel calls, so a replay gives the same bits.
 *
 * Only the kernel calls that small models make are recorded; a Program that makes any other
 * (convolutions, attention's kernels: `unrecordedCalls.ts`) is never replayed and runs through
 * the kernel as before.
 */
import type { BinaryOp, FusedExpr, Kernel, UnaryOp } from '../core/kernel';
import type { Floats } from './arena';
import { broadcastAxesInto, broadcastBatchInto, sliceOffset, softmaxInto, sumInto, sumKind } from './axisLoops';
import { fusedScratch, runFused } from './fusedLoops';
import { fusedReplayCall } from './fusedReplay';
import { matmulInto } from './matmulLoops';
import { type Fusable, outerAddInto, rowAddInto } from './replayFusion';
import { concatInto, gather, strides } from './strided';
import type { TypedTensor } from './typedKernel';
import { binaryInto, leakyReluInto, leakyStepInto, scaleInto, unaryInto } from './typedLoops';
import { type Op, ReplayTape } from './typedReplay';

const BATCH_AXIS: readonly number[] = [0];

/**
 * A kernel that computes through `inner` and records each call. `failed` says a call it does
 * not record was made (or a value came from elsewhere): the recording is then not replayable.
 */
export class RecordingKernel extends ReplayTape implements Kernel<TypedTensor> {
  /** Results a later add may compute in its own loop, by slot (./replayFusion). */
  private readonly fusable = new Map<number, Fusable>();

  get name(): string {
    return this.inner.name;
  }
  get batchSize(): number {
    return this.inner.batchSize;
  }

  shape = (x: TypedTensor) => x.shape;

  fill(shape: readonly number[], value: number) {
    const out = this.inner.fill(shape, value);
    const o = this.result(out);
    this.ops.push((s) => {
      s[o].fill(value);
    });
    return out;
  }

  fromArray(shape: readonly number[], values: ArrayLike<number>) {
    const out = this.inner.fromArray(shape, values);
    const o = this.result(out);
    const kept = Float64Array.from(out.data);
    this.ops.push((s) => {
      s[o].set(kept);
    });
    return out;
  }

  unary(op: UnaryOp, x: TypedTensor) {
    const a = this.read(x);
    const out = this.inner.unary(op, x);
    const o = this.result(out);
    const unaryCall: Op = (s) => unaryInto(op, s[a], s[o]);
    this.ops.push(unaryCall);
    return out;
  }

  leakyRelu(x: TypedTensor, alpha: number) {
    const a = this.read(x);
    const out = this.inner.leakyRelu(x, alpha);
    const o = this.result(out);
    const leakyReluCall: Op = (s) => leakyReluInto(s[a], alpha, s[o]);
    this.ops.push(leakyReluCall);
    return out;
  }

  leakyStep(x: TypedTensor, alpha: number) {
    const a = this.read(x);
    const out = this.inner.leakyStep(x, alpha);
    const o = this.result(out);
    const leakyStepCall: Op = (s) => leakyStepInto(s[a], alpha, s[o]);
    this.ops.push(leakyStepCall);
    return out;
  }

  scale(x: TypedTensor, c: number) {
    const a = this.read(x);
    const out = this.inner.scale(x, c);
    const o = this.result(out);
    const scaleCall: Op = (s) => scaleInto(s[a], c, s[o]);
    this.ops.push(scaleCall);
    return out;
  }

  binary(op: BinaryOp, x: TypedTensor, y: TypedTensor) {
    const a = this.read(x);
    const b = this.read(y);
    const out = this.inner.binary(op, x, y);
    const o = this.result(out);
    const n = out.data.length;
    const joined = op === 'add' && x.data.length === n && y.data.length === n ? this.joinAdd(a, b, o) : null;
    const binaryCall: Op = (s) => binaryInto(op, s[a], s[b], s[o]);
    this.ops.push(joined ?? binaryCall);
    return out;
  }

  /**
   * o = a + b in one loop with the call that made a or b (./replayFusion), when that call is
   * joinable and nothing else read its result; the call's own place is then left empty.
   */
  private joinAdd(a: number, b: number, o: number): Op | null {
    if (a === b) return null;
    for (const [d, w] of [
      [a, b],
      [b, a],
    ]) {
      const made = this.fusable.get(d);
      if (!made || this.reads[d] !== 1) continue;
      this.fusable.delete(d);
      this.ops[made.at] = null;
      return made.withAdd(w, o);
    }
    return null;
  }

  matmul(x: TypedTensor, y: TypedTensor, transA: boolean, transB: boolean) {
    const a = this.read(x);
    const b = this.read(y);
    const out = this.inner.matmul(x, y, transA, transB);
    const o = this.result(out);
    const [ac, bc] = [x.shape[1], y.shape[1]];
    const [n, m] = [out.shape[0], out.shape[1]];
    const k = transA ? x.shape[0] : ac;
    const acc = this.inner.acc(m);
    const matmulCall: Op = (s) => matmulInto(s[a], ac, s[b], bc, s[o], n, m, k, transA, transB, acc);
    if (k === 1 && !transB) {
      // an outer product (matmulInto's first case): a(i) is a[i·si]
      const si = transA ? 1 : ac;
      const withAdd = (w: number, r: number): Op => {
        const outerAdd: Op = (s) => outerAddInto(s[a], si, s[b], s[o], s[w], s[r], n, m);
        return outerAdd;
      };
      this.fusable.set(o, { at: this.ops.length, withAdd });
    }
    this.ops.push(matmulCall);
    return out;
  }

  sumBatch = (x: TypedTensor) => this.sum(x, BATCH_AXIS);

  sum(x: TypedTensor, axes: readonly number[]) {
    const a = this.read(x);
    const out = this.inner.sum(x, axes);
    const o = this.result(out);
    const shape = [...x.shape];
    const along = [...axes];
    const { leading, trailing } = sumKind(shape.length, along);
    let inner = 1;
    for (let d = along.length; d < shape.length; d++) inner *= shape[d];
    const acc = this.inner.acc(inner);
    const sumCall: Op = (s) => sumInto(s[a], shape, along, leading, trailing, s[o], acc);
    if (leading && along.length > 0 && x.data.length === inner) {
      // leading axes of one row (a batch of one): the sum is 0 + the row
      const withAdd = (w: number, r: number): Op => {
        const rowAdd: Op = (s) => rowAddInto(s[a], s[o], s[w], s[r], inner);
        return rowAdd;
      };
      this.fusable.set(o, { at: this.ops.length, withAdd });
    }
    this.ops.push(sumCall);
    return out;
  }

  broadcastBatch(x: TypedTensor) {
    const a = this.read(x);
    const out = this.inner.broadcastBatch(x);
    const o = this.result(out);
    const broadcastCall: Op = (s) => broadcastBatchInto(s[a], s[o]);
    this.ops.push(broadcastCall);
    return out;
  }

  /** A view of the same array: the same slot, no call to replay. */
  reshape = (x: TypedTensor, shape: readonly number[]): TypedTensor => {
    const a = this.slot(x);
    const out = this.inner.reshape(x, shape);
    if (a >= 0 && !this.slotOf.has(out)) {
      this.slotOf.set(out, a);
      this.views.add(out);
    }
    return out;
  };

  fused(expr: FusedExpr, inputs: readonly TypedTensor[], shape: readonly number[]) {
    const from = inputs.map((x) => this.read(x));
    const outs = this.inner.fused(expr, inputs, shape);
    const to = outs.map((out) => this.result(out));
    const n = outs.length > 0 ? outs[0].data.length : 0;
    const like = this.inner.arena.dtype === 'float64' ? new Float64Array(0) : new Float32Array(0);
    const made = fusedReplayCall(expr, from, to, this.arrays, n, like);
    if (made) {
      this.ops.push(made);
      return outs;
    }
    const scratch = fusedScratch(expr, like);
    const ins: Floats[] = from.map((a) => this.arrays[a]);
    const os: Floats[] = to.map((o) => this.arrays[o]);
    const fusedCall: Op = (s) => {
      for (let r = 0; r < from.length; r++) ins[r] = s[from[r]];
      for (let j = 0; j < to.length; j++) os[j] = s[to[j]];
      runFused(ins, os, n, scratch);
    };
    this.ops.push(fusedCall);
    return outs;
  }

  broadcastAxes(x: TypedTensor, outShape: readonly number[]) {
    const a = this.read(x);
    const out = this.inner.broadcastAxes(x, outShape);
    const o = this.result(out);
    const shape = [...x.shape];
    const to = [...outShape];
    const broadcastAxesCall: Op = (s) => broadcastAxesInto(s[a], shape, to, s[o]);
    this.ops.push(broadcastAxesCall);
    return out;
  }

  concat(xs: readonly TypedTensor[], axis: number) {
    const from = xs.map((x) => this.read(x));
    const out = this.inner.concat(xs, axis);
    const o = this.result(out);
    // concatInto reads records: these, their arrays put in per run
    const parts = xs.map((x) => ({ shape: [...x.shape], data: x.data }));
    const concatCall: Op = (s) => {
      for (let i = 0; i < parts.length; i++) parts[i].data = s[from[i]];
      concatInto(parts, axis, s[o]);
    };
    this.ops.push(concatCall);
    return out;
  }

  slice(x: TypedTensor, begin: readonly number[], size: readonly number[]) {
    const a = this.read(x);
    const out = this.inner.slice(x, begin, size);
    const o = this.result(out);
    const st = strides(x.shape);
    const at = sliceOffset(begin, st);
    const sizes = [...size];
    const sliceCall: Op = (s) => gather(s[a], st, sizes, at, s[o]);
    this.ops.push(sliceCall);
    return out;
  }

  softmax(x: TypedTensor) {
    const a = this.read(x);
    const out = this.inner.softmax(x);
    const o = this.result(out);
    const n = x.shape[x.shape.length - 1];
    const e = this.inner.acc(n);
    const softmaxCall: Op = (s) => softmaxInto(s[a], n, s[o], e);
    this.ops.push(softmaxCall);
    return out;
  }
}

/**
 * A fused pointwise expression (core/fuse.ts) evaluated over plain arrays, tile by tile: each
 * instruction runs as one tight loop over a tile of TILE values, so the intermediates stay in
 * cache-sized scratch tiles and are never written to memory at full size. Outputs are written
 * straight into their arrays, and later instructions read them back from there.
 *
 * Scratch tiles have the outputs' element type, so a float32 run rounds every intermediate as
 * the unfused kernels do: fused and unfused runs give the same bits. Used by the typed engine
 * and by tfjs's cpu and wasm backends (./tfjsFused), whose data are plain typed arrays too.
 */
import { unreachable } from '../core/errors';
import type { BinaryOp, FusedExpr, UnaryOp } from '../core/kernel';
import type { Floats } from './arena';
import { binaryAt, unaryAt, withScalarAt } from './typedLoops';

/** Values per tile; a replay (./fusedReplay) runs an expression of at most this many values as whole arrays. */
export const TILE = 512;

/** Instruction kinds, as small integers (the expression's objects differ in shape; these do not). */
export const UNARY = 0;
export const BINARY = 1;
const SCALE = 2;
const LEAKY_RELU = 3;
const LEAKY_STEP = 4;
const KINDS = { unary: UNARY, binary: BINARY, scale: SCALE, leakyRelu: LEAKY_RELU, leakyStep: LEAKY_STEP } as const;
/** The kinds of one operand. */
export type SingleKind = typeof UNARY | typeof SCALE | typeof LEAKY_RELU | typeof LEAKY_STEP;

/**
 * One expression prepared for one element type, kept between runs: its instructions as flat
 * arrays, scratch tiles, and where each register lives in the current tile (an array and whether
 * it is full-length, or a scalar). Instruction registers and outputs never move between runs;
 * only the inputs' and outputs' arrays are set per run.
 */
export interface FusedScratch {
  readonly nInputs: number;
  /** Per input, how many consecutive output values share one of its values (1: none). */
  readonly each: Int32Array;
  readonly kind: Uint8Array;
  readonly fn: (UnaryOp | BinaryOp)[];
  readonly ra: Int32Array;
  readonly rb: Int32Array;
  readonly c: Float64Array;
  readonly outputs: Int32Array;
  readonly tiles: (Floats | undefined)[];
  readonly arr: (Floats | undefined)[];
  readonly full: Uint8Array;
  readonly scalar: Float64Array;
}

export function fusedScratch(expr: FusedExpr, like: Floats): FusedScratch {
  const make = () => (like instanceof Float64Array ? new Float64Array(TILE) : new Float32Array(TILE));
  const nIn = expr.nInputs;
  const nCode = expr.code.length;
  const nReg = nIn + nCode;
  const isOut = new Set(expr.outputs);
  const tiles: (Floats | undefined)[] = [];
  // Repeated inputs are copied into double tiles (exact for any input), as binary kernels read
  // them; an input read `each` at a time stands for a broadcast's output, which the unfused
  // kernel stores, so it rounds to the outputs' element type; so do intermediates.
  for (let r = 0; r < nIn; r++) tiles.push((expr.each?.[r] ?? 1) > 1 ? make() : new Float64Array(TILE));
  for (let r = nIn; r < nReg; r++) tiles.push(isOut.has(r) ? undefined : make());
  const arr: (Floats | undefined)[] = tiles.map((t, r) => (r >= nIn ? t : undefined));
  const full = new Uint8Array(nReg);
  for (const r of expr.outputs) full[r] = 1;
  const kind = new Uint8Array(nCode);
  const fn: (UnaryOp | BinaryOp)[] = [];
  const ra = new Int32Array(nCode);
  const rb = new Int32Array(nCode);
  const c = new Float64Array(nCode);
  expr.code.forEach((instr, k) => {
    // a table, not a switch: an op missing from it is a type error, one outside the union named here
    kind[k] = KINDS[instr.op] ?? unreachable(instr.op as never, 'fused instruction');
    ra[k] = instr.a;
    if (instr.op === 'unary' || instr.op === 'binary') fn.push(instr.fn);
    else {
      fn.push('neg');
      c[k] = instr.c;
    }
    if (instr.op === 'binary') rb[k] = instr.b;
  });
  return {
    nInputs: nIn,
    each: Int32Array.from({ length: nIn }, (_, r) => expr.each?.[r] ?? 1),
    kind,
    fn,
    ra,
    rb,
    c,
    outputs: Int32Array.from(expr.outputs),
    tiles,
    arr,
    full,
    scalar: new Float64Array(nReg),
  };
}

/**
 * outs[j][i] = the expression's output j at i, for i < n. Each input has n values, or divides
 * n (repeated: ins[r][i mod len], or each value in a row: ins[r][⌊i / each⌋ mod len]), or is
 * one scalar.
 */
export function runFused(ins: readonly Floats[], outs: readonly Floats[], n: number, s: FusedScratch): void {
  const { nInputs: nIn, each, kind, fn, ra, rb, c, outputs, tiles, arr, full, scalar } = s;
  let repeated = false;
  for (let r = 0; r < nIn; r++) {
    const x = ins[r];
    if (each[r] > 1) {
      arr[r] = tiles[r];
      full[r] = 0;
      repeated = true;
    } else if (x.length === n) {
      arr[r] = x;
      full[r] = 1;
    } else if (x.length === 1) {
      arr[r] = undefined;
      full[r] = 0;
      scalar[r] = x[0];
    } else {
      arr[r] = tiles[r];
      full[r] = 0;
      repeated = true;
    }
  }
  for (let j = 0; j < outputs.length; j++) arr[outputs[j]] = outs[j];
  const nCode = kind.length;
  for (let start = 0; start < n; start += TILE) {
    const len = Math.min(TILE, n - start);
    if (repeated) {
      for (let r = 0; r < nIn; r++) {
        const x = ins[r];
        if (each[r] > 1) eachInto(x, each[r], start, tiles[r] as Floats, len);
        else if (x.length !== n && x.length !== 1) repeatInto(x, start, tiles[r] as Floats, len);
      }
    }
    for (let k = 0; k < nCode; k++) {
      const r = nIn + k;
      const o = arr[r] as Floats;
      const oo = full[r] === 1 ? start : 0;
      const ia = ra[k];
      const a = arr[ia];
      const ao = full[ia] === 1 ? start : 0;
      const kd = kind[k];
      if (kd === BINARY) {
        const op = fn[k] as BinaryOp;
        const ib = rb[k];
        const b = arr[ib];
        const bo = full[ib] === 1 ? start : 0;
        if (a && b) binaryAt(op, a, ao, b, bo, o, oo, len);
        else if (a) withScalarAt(op, a, ao, scalar[ib], false, o, oo, len);
        else if (b) withScalarAt(op, b, bo, scalar[ia], true, o, oo, len);
        else o.fill(binaryOf(op, scalar[ia], scalar[ib]), oo, oo + len);
      } else if (a) single(kd as SingleKind, fn[k] as UnaryOp, c[k], a, ao, o, oo, len);
      else o.fill(singleOf(kd as SingleKind, fn[k] as UnaryOp, c[k], scalar[ia]), oo, oo + len);
    }
  }
}

/** t[i] = x[⌊(start + i) / each⌋ mod x.length] for i < len: each value `each` times in a row. */
export function eachInto(x: Floats, each: number, start: number, t: Floats, len: number): void {
  const m = x.length;
  let j = Math.floor(start / each) % m;
  let k = start % each;
  for (let i = 0; i < len; i++) {
    t[i] = x[j];
    if (++k === each) {
      k = 0;
      if (++j === m) j = 0;
    }
  }
}

/** t[i] = x[(start + i) mod x.length] for i < len. */
export function repeatInto(x: Floats, start: number, t: Floats, len: number): void {
  const m = x.length;
  let j = start % m;
  for (let i = 0; i < len; i++) {
    t[i] = x[j];
    if (++j === m) j = 0;
  }
}

export function single(
  kd: SingleKind,
  op: UnaryOp,
  s: number,
  a: Floats,
  ao: number,
  o: Floats,
  oo: number,
  len: number,
): void {
  switch (kd) {
    case UNARY:
      unaryAt(op, a, ao, o, oo, len);
      return;
    case SCALE:
      for (let i = 0; i < len; i++) o[oo + i] = s * a[ao + i];
      return;
    case LEAKY_RELU:
      for (let i = 0; i < len; i++) {
        const v = a[ao + i];
        o[oo + i] = v > 0 ? v : s * v;
      }
      return;
    case LEAKY_STEP:
      for (let i = 0; i < len; i++) o[oo + i] = a[ao + i] > 0 ? 1 : s;
      return;
    default:
      unreachable(kd, 'fused instruction kind');
  }
}

export function singleOf(kd: SingleKind, op: UnaryOp, s: number, v: number): number {
  const out = new Float64Array(1);
  single(kd, op, s, Float64Array.of(v), 0, out, 0, 1);
  return out[0];
}

export function binaryOf(op: BinaryOp, a: number, b: number): number {
  const out = new Float64Array(1);
  binaryAt(op, Float64Array.of(a), 0, Float64Array.of(b), 0, out, 0, 1);
  return out[0];
}

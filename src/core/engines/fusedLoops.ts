/**
 * A fused pointwise expression (../fuse) evaluated over plain arrays, tile by tile: each
 * instruction runs as one tight loop over a tile of TILE values, so the intermediates stay in
 * cache-sized scratch tiles and are never written to memory at full size. Outputs are written
 * straight into their arrays, and later instructions read them back from there.
 *
 * Scratch tiles have the outputs' element type, so a float32 run rounds every intermediate as
 * the unfused kernels do: fused and unfused runs give the same bits. Used by the typed engine
 * and by tfjs's cpu and wasm backends (./tfjsFused), whose data are plain typed arrays too.
 */
import type { FusedExpr, FusedInstr } from '../fuse';
import type { BinaryOp } from '../kernel';
import type { Floats } from './arena';
import { binaryAt, unaryAt, withScalarAt } from './typedLoops';

const TILE = 512;

/** Scratch tiles for one expression and element type, kept between runs. */
export interface FusedScratch {
  readonly tiles: (Floats | undefined)[];
  /** Where each register lives in the current tile: an array and whether it is full-length, or a scalar. */
  readonly arr: (Floats | undefined)[];
  readonly full: Uint8Array;
  readonly scalar: Float64Array;
}

export function fusedScratch(expr: FusedExpr, like: Floats): FusedScratch {
  const make = () => (like instanceof Float64Array ? new Float64Array(TILE) : new Float32Array(TILE));
  const isOut = new Set(expr.outputs);
  const tiles: (Floats | undefined)[] = [];
  // Repeated inputs are copied into double tiles (exact for any input); intermediates round
  // to the outputs' element type, as the unfused kernels' results do.
  for (let r = 0; r < expr.nInputs; r++) tiles.push(new Float64Array(TILE));
  for (let r = expr.nInputs; r < expr.nInputs + expr.code.length; r++) tiles.push(isOut.has(r) ? undefined : make());
  const nReg = tiles.length;
  return { tiles, arr: new Array(nReg), full: new Uint8Array(nReg), scalar: new Float64Array(nReg) };
}

/**
 * outs[j][i] = the expression's output j at i, for i < n. Each input has n values, or divides
 * n (repeated: ins[r][i mod len]), or is one scalar.
 */
export function runFused(
  expr: FusedExpr,
  ins: readonly Floats[],
  outs: readonly Floats[],
  n: number,
  scratch: FusedScratch,
): void {
  const nIn = expr.nInputs;
  const { tiles, arr, full, scalar } = scratch;
  full.fill(0);
  for (let r = 0; r < nIn; r++) {
    arr[r] = undefined;
    const x = ins[r];
    if (x.length === n) {
      arr[r] = x;
      full[r] = 1;
    } else if (x.length === 1) scalar[r] = x[0];
    else arr[r] = tiles[r];
  }
  for (let j = 0; j < expr.outputs.length; j++) {
    arr[expr.outputs[j]] = outs[j];
    full[expr.outputs[j]] = 1;
  }
  for (let k = 0; k < expr.code.length; k++) {
    const r = nIn + k;
    if (!full[r]) arr[r] = tiles[r];
  }
  for (let start = 0; start < n; start += TILE) {
    const len = Math.min(TILE, n - start);
    for (let r = 0; r < nIn; r++) {
      const x = ins[r];
      if (x.length !== n && x.length !== 1) repeatInto(x, start, tiles[r] as Floats, len);
    }
    for (let k = 0; k < expr.code.length; k++) {
      const c = expr.code[k];
      const r = nIn + k;
      const o = arr[r] as Floats;
      const oo = full[r] ? start : 0;
      const a = arr[c.a];
      const ao = full[c.a] ? start : 0;
      if (c.op === 'binary') {
        const b = arr[c.b];
        const bo = full[c.b] ? start : 0;
        if (a && b) binaryAt(c.fn, a, ao, b, bo, o, oo, len);
        else if (a) withScalarAt(c.fn, a, ao, scalar[c.b], false, o, oo, len);
        else if (b) withScalarAt(c.fn, b, bo, scalar[c.a], true, o, oo, len);
        else o.fill(binaryOf(c.fn, scalar[c.a], scalar[c.b]), oo, oo + len);
      } else if (a) single(c, a, ao, o, oo, len);
      else o.fill(singleOf(c, scalar[c.a]), oo, oo + len);
    }
  }
}

/** t[i] = x[(start + i) mod x.length] for i < len. */
function repeatInto(x: Floats, start: number, t: Floats, len: number): void {
  const m = x.length;
  let j = start % m;
  for (let i = 0; i < len; i++) {
    t[i] = x[j];
    if (++j === m) j = 0;
  }
}

function single(c: FusedInstr, a: Floats, ao: number, o: Floats, oo: number, len: number): void {
  if (c.op === 'unary') {
    unaryAt(c.fn, a, ao, o, oo, len);
    return;
  }
  if (c.op === 'binary') return;
  const s = c.c;
  switch (c.op) {
    case 'scale':
      for (let i = 0; i < len; i++) o[oo + i] = s * a[ao + i];
      return;
    case 'leakyRelu':
      for (let i = 0; i < len; i++) {
        const v = a[ao + i];
        o[oo + i] = v > 0 ? v : s * v;
      }
      return;
    case 'leakyStep':
      for (let i = 0; i < len; i++) o[oo + i] = a[ao + i] > 0 ? 1 : s;
      return;
  }
}

function singleOf(c: FusedInstr, v: number): number {
  const one = Float64Array.of(v);
  const out = new Float64Array(1);
  single(c, one, 0, out, 0, 1);
  return out[0];
}

function binaryOf(op: BinaryOp, a: number, b: number): number {
  const out = new Float64Array(1);
  binaryAt(op, Float64Array.of(a), 0, Float64Array.of(b), 0, out, 0, 1);
  return out[0];
}

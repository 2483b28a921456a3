/**
 * A fused expression made, once at record time, into closures over fixed arrays, for a replay
 * (./typedReplay; docs/architecture.md, "The small end"). `runFused` (./fusedLoops) works out at
 * every call where each operand lives — an input's array, a scalar, a repeated copy, a tile —
 * and then interprets the instructions; at one batch size those answers never change, so here
 * they are worked out once and each instruction becomes one closure that calls its loop on the
 * arrays it was given. Only expressions of at most one tile of values are made so: there the
 * whole arrays are the tiles, so each loop runs over the same values in the same order as
 * `runFused`'s one tile, with intermediates in arrays of the outputs' element type, and the bits
 * are the same. A longer expression keeps `runFused`, whose tiles stay in cache.
 */
import type { FusedExpr, UnaryOp } from '../core/kernel';
import type { Floats } from './arena';
import {
  BINARY,
  binaryOf,
  eachInto,
  fusedScratch,
  repeatInto,
  type SingleKind,
  single,
  singleOf,
  TILE,
  UNARY,
} from './fusedLoops';
import { binaryAt, sigmoid, withScalarAt } from './typedLoops';

/** Reads and writes the arrays of the replay's slots. */
export type SlotCall = (slots: Floats[]) => void;
type Step = () => void;

/**
 * The call of `expr` over n values, reading the slots `from` and writing the slots `to`, whose
 * arrays at recording are `arrays`; null when `runFused` should run it (longer than a tile, an
 * output that is an input or named twice, an input empty or not yet made when recorded).
 */
export function fusedReplayCall(
  expr: FusedExpr,
  from: readonly number[],
  to: readonly number[],
  arrays: readonly Floats[],
  n: number,
  like: Floats,
): SlotCall | null {
  if (n === 0 || n > TILE) return null;
  const { nInputs: nIn, each, kind, fn, ra, rb, c, outputs } = fusedScratch(expr, like);
  if (new Set(outputs).size !== outputs.length || outputs.some((r) => r < nIn)) return null;
  if (from.some((slot) => !arrays[slot] || arrays[slot].length === 0)) return null;
  const make = (): Floats => (like instanceof Float64Array ? new Float64Array(n) : new Float32Array(n));
  const nReg = nIn + kind.length;
  /** Each register's array (an input's is put in per run); a scalar input has none. */
  const regs: Floats[] = new Array(nReg);
  const isArray: boolean[] = new Array(nReg).fill(true);
  const scalar = new Float64Array(nReg);
  /** Inputs read as they are (their register is the slot's array) and scalars, set per run by a plain loop. */
  const direct: number[] = [];
  const scalars: number[] = [];
  /** Inputs copied out per run (each value repeated, or the whole repeated), by a call each. */
  const copies: SlotCall[] = [];
  for (let r = 0; r < nIn; r++) {
    const slot = from[r];
    const len = arrays[slot].length;
    const e = each[r];
    // the order of runFused's own tests, so each input takes the same way
    if (e > 1) {
      const t = make();
      regs[r] = t;
      copies.push((s) => eachInto(s[slot], e, 0, t, n));
    } else if (len === n) direct.push(r);
    else if (len === 1) {
      isArray[r] = false;
      scalars.push(r);
    } else {
      const t = new Float64Array(n);
      regs[r] = t;
      copies.push((s) => repeatInto(s[slot], 0, t, n));
    }
  }
  for (let r = nIn; r < nReg; r++) regs[r] = make();
  outputs.forEach((r, j) => {
    regs[r] = arrays[to[j]];
  });
  const code: Step[] = [];
  for (let k = 0; k < kind.length; k++) {
    const o = regs[nIn + k];
    const ia = ra[k];
    if (kind[k] === BINARY) code.push(binaryStep(fn[k] as Parameters<typeof binaryAt>[0], ia, rb[k], o));
    else code.push(singleStep(kind[k] as SingleKind, fn[k] as UnaryOp, c[k], ia, o));
  }
  return (s) => {
    for (let i = 0; i < direct.length; i++) regs[direct[i]] = s[from[direct[i]]];
    for (let i = 0; i < scalars.length; i++) scalar[scalars[i]] = s[from[scalars[i]]][0];
    for (let i = 0; i < copies.length; i++) copies[i](s);
    for (let k = 0; k < code.length; k++) code[k]();
  };

  function binaryStep(op: Parameters<typeof binaryAt>[0], ia: number, ib: number, o: Floats): Step {
    if (isArray[ia] && isArray[ib]) return arraysStep(op, ia, ib, o);
    if (isArray[ia]) return () => withScalarAt(op, regs[ia], 0, scalar[ib], false, o, 0, n);
    if (isArray[ib]) return () => withScalarAt(op, regs[ib], 0, scalar[ia], true, o, 0, n);
    return () => void o.fill(binaryOf(op, scalar[ia], scalar[ib]), 0, n);
  }

  /**
   * The commonest ops of a gradient step (a layer's bias and σ, σ's derivative, the loss's
   * error) with their loops written here, as binaryAt and unaryAt write them: no call and no
   * switch on the op per instruction, for a handful of values. Any other op calls those.
   */
  function arraysStep(op: Parameters<typeof binaryAt>[0], ia: number, ib: number, o: Floats): Step {
    switch (op) {
      case 'add':
        return () => {
          const x = regs[ia];
          const y = regs[ib];
          for (let i = 0; i < n; i++) o[i] = x[i] + y[i];
        };
      case 'sub':
        return () => {
          const x = regs[ia];
          const y = regs[ib];
          for (let i = 0; i < n; i++) o[i] = x[i] - y[i];
        };
      case 'mul':
        return () => {
          const x = regs[ia];
          const y = regs[ib];
          for (let i = 0; i < n; i++) o[i] = x[i] * y[i];
        };
      default:
        return () => binaryAt(op, regs[ia], 0, regs[ib], 0, o, 0, n);
    }
  }

  function singleStep(kd: SingleKind, op: UnaryOp, by: number, ia: number, o: Floats): Step {
    if (isArray[ia] && kd === UNARY && op === 'sigmoid')
      return () => {
        const x = regs[ia];
        for (let i = 0; i < n; i++) o[i] = sigmoid(x[i]);
      };
    if (isArray[ia] && kd === UNARY && op === 'square')
      return () => {
        const x = regs[ia];
        for (let i = 0; i < n; i++) o[i] = x[i] * x[i];
      };
    if (isArray[ia]) return () => single(kd, op, by, regs[ia], 0, o, 0, n);
    return () => void o.fill(singleOf(kd, op, by, scalar[ia]), 0, n);
  }
}

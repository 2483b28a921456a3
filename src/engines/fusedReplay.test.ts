/**
 * A fused expression made into closures for a replay (./fusedReplay) computes what `runFused`
 * computes, bit for bit: random expressions over inputs of every kind (full, scalar, repeated,
 * each value repeated), values with zeros of both signs and non-finite ones, float64 and
 * float32, run twice on new input arrays; and an expression longer than a tile is left to
 * `runFused`.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../core/init';
import type { BinaryOp, FusedExpr, FusedInstr, UnaryOp } from '../core/kernel';
import { fcSeed } from '../testing/seed';
import type { Floats } from './arena';
import { fusedScratch, runFused, TILE } from './fusedLoops';
import { fusedReplayCall } from './fusedReplay';

const seed = fcSeed();
const UNARY: UnaryOp[] = ['neg', 'sigmoid', 'tanh', 'relu', 'step', 'exp', 'log', 'square', 'sqrt', 'reciprocal'];
const BINARY: BinaryOp[] = ['add', 'sub', 'mul', 'div'];
const ODD = [0, -0, 1, -1, Number.POSITIVE_INFINITY, Number.NaN];

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];

/** A random expression over n = rows·cols values, and the lengths of its inputs. */
function randomExpr(rng: Rng, rows: number, cols: number): { expr: FusedExpr; lengths: number[] } {
  const nInputs = 1 + Math.floor(rng() * 3);
  const kinds = Array.from({ length: nInputs }, () => pick(rng, ['full', 'scalar', 'repeated', 'each'] as const));
  const lengths = kinds.map((k) => ({ full: rows * cols, scalar: 1, repeated: cols, each: rows })[k]);
  const each = kinds.map((k) => (k === 'each' ? cols : 1));
  const code: FusedInstr[] = [];
  const nCode = 1 + Math.floor(rng() * 6);
  for (let k = 0; k < nCode; k++) {
    const a = Math.floor(rng() * (nInputs + k));
    const b = Math.floor(rng() * (nInputs + k));
    const roll = rng();
    if (roll < 0.4) code.push({ op: 'binary', fn: pick(rng, BINARY), a, b });
    else if (roll < 0.8) code.push({ op: 'unary', fn: pick(rng, UNARY), a });
    else code.push({ op: pick(rng, ['scale', 'leakyRelu', 'leakyStep'] as const), a, c: rng() - 0.5 });
  }
  const regs = Array.from({ length: nCode }, (_, k) => nInputs + k);
  const outputs = regs.filter((r) => r === nInputs + nCode - 1 || rng() < 0.3);
  return { expr: { nInputs, code, outputs, each }, lengths };
}

function randomArray(rng: Rng, n: number, dtype: 'float32' | 'float64'): Floats {
  const xs = Array.from({ length: n }, () => (rng() < 0.1 ? pick(rng, ODD) : 4 * rng() - 2));
  return dtype === 'float64' ? Float64Array.from(xs) : Float32Array.from(xs);
}

describe('a fused expression made into closures', () => {
  test('random expressions over every kind of input: runFused’s bits, run after run', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const [rows, cols] = [1 + Math.floor(rng() * 4), 1 + Math.floor(rng() * 5)];
        const n = rows * cols;
        const { expr, lengths } = randomExpr(rng, rows, cols);
        for (const dtype of ['float64', 'float32'] as const) {
          const like = dtype === 'float64' ? new Float64Array(0) : new Float32Array(0);
          const outs = () => expr.outputs.map(() => (dtype === 'float64' ? new Float64Array(n) : new Float32Array(n)));
          const mine = outs();
          const slots: Floats[] = [...lengths.map((len) => randomArray(rng, len, dtype)), ...mine];
          const from = lengths.map((_, r) => r);
          const to = expr.outputs.map((_, j) => lengths.length + j);
          const call = fusedReplayCall(expr, from, to, slots, n, like);
          expect(call).not.toBeNull();
          for (let run = 0; run < 2; run++) {
            for (let r = 0; r < lengths.length; r++) slots[r] = randomArray(rng, lengths[r], dtype);
            call?.(slots);
            const theirs = outs();
            runFused(slots.slice(0, lengths.length), theirs, n, fusedScratch(expr, like));
            theirs.forEach((t, j) => {
              expect(sameBits(mine[j], t)).toBe(true);
            });
          }
        }
      }),
      { seed, numRuns: 300 },
    );
  });

  test('an expression longer than a tile is left to runFused', () => {
    const expr: FusedExpr = { nInputs: 1, code: [{ op: 'unary', fn: 'neg', a: 0 }], outputs: [1] };
    const n = TILE + 1;
    const slots = [new Float64Array(n), new Float64Array(n)];
    expect(fusedReplayCall(expr, [0], [1], slots, n, new Float64Array(0))).toBeNull();
    expect(
      fusedReplayCall(
        expr,
        [0],
        [1],
        slots.map((x) => x.subarray(0, TILE)),
        TILE,
        new Float64Array(0),
      ),
    ).not.toBeNull();
  });
});

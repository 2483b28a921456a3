/**
 * Calls a replay joins (./replayFusion, ./typedReplay): an outer product or a sum over a batch of
 * one, then an add of its result, replayed as one call on new inputs, give the kernel's bits
 * for both the result and the sum, in float64 and float32 (given doubles or not), with zeros
 * of both signs and non-finite values; a result that another call reads too, or that is added to itself or
 * broadcast, is left to its own call.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { mulberry32 } from '../core/init';
import type { Kernel } from '../core/kernel';
import { fcSeed } from '../testing/seed';
import { Arena, type Dtype } from './arena';
import { RecordingKernel } from './recordingKernel';
import { TypedKernel, type TypedTensor } from './typedKernel';

const seed = fcSeed();
const ODD = [0, -0, 1, -1, Number.POSITIVE_INFINITY, Number.NaN];

type Calls = (k: Kernel<TypedTensor>, xs: readonly TypedTensor[]) => TypedTensor[];

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

/**
 * Records `calls` on the first inputs, replays them on the second, and checks every result
 * against a fresh kernel's on the second; returns the replay's calls per run.
 */
function replayedCalls(calls: Calls, dtype: Dtype, first: TypedTensor[], second: TypedTensor[]): number {
  const kernel = new TypedKernel(new Arena(dtype));
  const recorder = new RecordingKernel(kernel, first.length, first);
  const recorded = calls(recorder, first);
  const replay = recorder.replay();
  if (!replay) throw new Error(`not replayable: ${recorder.failed}`);
  replay.run(second);
  const want = calls(new TypedKernel(new Arena(dtype)), second);
  recorded.forEach((r, i) => {
    expect(sameBits(r.data, want[i].data), `result ${i}`).toBe(true);
  });
  return replay.calls;
}

function randomInputs(rng: () => number, shapes: readonly (readonly number[])[], dtype: Dtype): TypedTensor[] {
  return shapes.map((shape) => {
    const n = shape.reduce((a, b) => a * b, 1);
    const xs = Array.from({ length: n }, () => (rng() < 0.15 ? ODD[Math.floor(rng() * ODD.length)] : 4 * rng() - 2));
    // a float32 engine may be given doubles: its results round them as they are stored
    const doubles = dtype === 'float64' || rng() < 0.3;
    return { shape, data: doubles ? Float64Array.from(xs) : Float32Array.from(xs) };
  });
}

/** Each case: its input shapes for n × m, its calls, and how many calls its replay makes. */
const cases: { name: string; shapes: (n: number, m: number) => number[][]; calls: Calls; joined: number }[] = [
  {
    name: 'w + outer product (a weight’s change at batch 1)',
    shapes: (n, m) => [
      [n, m],
      [1, n],
      [1, m],
    ],
    calls: (k, [w, x, g]) => {
      const d = k.matmul(x, g, true, false);
      return [d, k.binary('add', w, d)];
    },
    joined: 1,
  },
  {
    name: 'outer product + w, a untransposed',
    shapes: (n, m) => [
      [n, m],
      [n, 1],
      [1, m],
    ],
    calls: (k, [w, x, g]) => {
      const d = k.matmul(x, g, false, false);
      return [d, k.binary('add', d, w)];
    },
    joined: 1,
  },
  {
    name: 'w + a sum over a batch of one (a bias’s change)',
    shapes: (_n, m) => [[m], [1, m]],
    calls: (k, [w, g]) => {
      const d = k.sum(g, [0]);
      return [d, k.binary('add', w, d)];
    },
    joined: 1,
  },
  {
    name: 'an outer product another call reads too',
    shapes: (n, m) => [
      [n, m],
      [1, n],
      [1, m],
    ],
    calls: (k, [w, x, g]) => {
      const d = k.matmul(x, g, true, false);
      const e = k.scale(d, 0.5);
      return [d, e, k.binary('add', w, d)];
    },
    joined: 3,
  },
  {
    name: 'an outer product added to itself',
    shapes: (n, m) => [
      [1, n],
      [1, m],
    ],
    calls: (k, [x, g]) => {
      const d = k.matmul(x, g, true, false);
      return [d, k.binary('add', d, d)];
    },
    joined: 2,
  },
  {
    name: 'a sum over a batch of one added with broadcasting',
    shapes: (n, m) => [
      [n, m],
      [1, m],
    ],
    calls: (k, [w, g]) => {
      const d = k.sum(g, [0]);
      return [d, k.binary('add', w, d)];
    },
    joined: 2,
  },
];

describe('calls a replay joins', () => {
  for (const c of cases)
    test(`${c.name}: the kernel’s bits, in ${c.joined} call(s) a run`, () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
          const rng = mulberry32(s);
          const [n, m] = [1 + Math.floor(rng() * 6), 1 + Math.floor(rng() * 6)];
          for (const dtype of ['float64', 'float32'] as const) {
            const [first, second] = [0, 1].map(() => randomInputs(rng, c.shapes(n, m), dtype));
            // a broadcast add of a [1, m] sum to [n, m] is only a broadcast when n > 1
            const joined = c.name.includes('broadcasting') && n === 1 ? 1 : c.joined;
            expect(replayedCalls(c.calls, dtype, first, second)).toBe(joined);
          }
        }),
        { seed, numRuns: 100 },
      );
    });
});

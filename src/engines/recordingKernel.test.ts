/**
 * The recording kernel (./recordingKernel) on its own: every call it records computes as the
 * typed kernel does, and its replay on new inputs gives a fresh kernel's bits for every result,
 * in float64 and float32; a call it does not record, or a value it did not see, leaves nothing
 * to replay. The joins are tested in ./replayFusion.test.ts, whole Programs in ./typedReplay.test.ts.
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

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

/** x [n, 3], w [3, 2], v [1, 2]: each recorded call once, every result returned. */
function calls(k: Kernel<TypedTensor>, [x, w, v]: readonly TypedTensor[]): TypedTensor[] {
  const n = x.shape[0];
  const h = k.matmul(x, w, false, false);
  const t = k.unary('tanh', h);
  const l = k.leakyRelu(h, 0.1);
  const st = k.leakyStep(h, 0.1);
  const c = k.scale(t, 0.5);
  const sum = k.binary('mul', c, l);
  const vb = k.broadcastBatch(v);
  const added = k.binary('add', sum, vb);
  const wide = k.broadcastAxes(k.reshape(v, [1, 2, 1]), [1, 2, 3]);
  const joined = k.concat([added, st], 1);
  const part = k.slice(joined, [0, 1], [n, 2]);
  const soft = k.softmax(part);
  const rows = k.sum(soft, [1]);
  const batch = k.sumBatch(soft);
  const back = k.matmul(x, soft, true, false);
  const ones = k.fill([n, 2], 1);
  const consts = k.fromArray([2], [0.25, -3]);
  return [h, t, l, st, c, sum, vb, added, wide, joined, part, soft, rows, batch, back, ones, consts];
}

function inputs(rng: () => number, n: number, dtype: Dtype): TypedTensor[] {
  const make = (shape: number[]) => {
    const xs = Array.from({ length: shape[0] * shape[1] }, () => 4 * rng() - 2);
    return { shape, data: dtype === 'float64' ? Float64Array.from(xs) : Float32Array.from(xs) };
  };
  return [make([n, 3]), make([3, 2]), make([1, 2])];
}

describe('the recording kernel', () => {
  test('records each call it knows; the replay on new inputs gives a fresh kernel’s bits', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const n = 1 + Math.floor(rng() * 4);
        const dtype: Dtype = rng() < 0.5 ? 'float64' : 'float32';
        const first = inputs(rng, n, dtype);
        const recorder = new RecordingKernel(new TypedKernel(new Arena(dtype)), first.length, first);
        const recorded = calls(recorder, first);
        const want1 = calls(new TypedKernel(new Arena(dtype)), first);
        recorded.forEach((r, i) => {
          expect(sameBits(r.data, want1[i].data), `recording, result ${i}`).toBe(true);
        });
        const replay = recorder.replay();
        if (!replay) throw new Error(`not replayable: ${recorder.failed}`);
        const second = inputs(rng, n, dtype);
        replay.run(second);
        const want2 = calls(new TypedKernel(new Arena(dtype)), second);
        recorded.forEach((r, i) => {
          expect(sameBits(r.data, want2[i].data), `replay, result ${i}`).toBe(true);
        });
      }),
      { seed, numRuns: 50 },
    );
  });

  test('a reshape is a view of its slot, not a call', () => {
    const x = { shape: [2, 2], data: Float64Array.from([1, 2, 3, 4]) };
    const recorder = new RecordingKernel(new TypedKernel(new Arena('float64')), 1, [x]);
    const flat = recorder.reshape(x, [4]);
    expect(recorder.isView(flat)).toBe(true);
    expect(recorder.slot(flat)).toBe(0);
    expect(recorder.replay()?.calls).toBe(0);
  });

  test('a call it does not record, or a value it did not see, leaves nothing to replay', () => {
    const x = { shape: [2, 2], data: Float64Array.from([1, 2, 3, 4]) };
    const transposed = new RecordingKernel(new TypedKernel(new Arena('float64')), 1, [x]);
    expect(Array.from(transposed.transpose(x, [1, 0]).data)).toEqual([1, 3, 2, 4]);
    expect(transposed.failed).toBe("the typed kernel's transpose");
    expect(transposed.replay()).toBeNull();
    const elsewhere = new RecordingKernel(new TypedKernel(new Arena('float64')), 1, [x]);
    elsewhere.unary('neg', { shape: [1], data: Float64Array.from([1]) });
    expect(elsewhere.failed).toBe('a value the recording did not see');
    expect(elsewhere.replay()).toBeNull();
  });
});

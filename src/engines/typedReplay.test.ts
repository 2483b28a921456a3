/**
 * A replayed run (./typedReplay) computes what a kernel run computes: on random diagrams and
 * their reverses, fused and not, an engine run again on new inputs — replayed — and after a run
 * at another batch size gives a fresh engine's outputs and buffers bit for bit, in float64 and
 * float32; and a Program whose calls the recording does not know runs through the kernel.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DiagramBuilder } from '../core/builder';
import { dom } from '../core/compose';
import { fuseProgram } from '../core/fuse';
import { mulberry32 } from '../core/init';
import { lower } from '../core/program';
import { rdiff } from '../core/rdiff';
import { param, real } from '../core/wire';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { randomValue } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { createTypedEngine, type TypedTensor } from './typed';

const seed = fcSeed();

const sameBits = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

function expectSame(got: readonly (TypedTensor | undefined)[], want: readonly (TypedTensor | undefined)[]) {
  expect(got.length).toBe(want.length);
  got.forEach((g, i) => {
    const w = want[i];
    expect(g === undefined).toBe(w === undefined);
    if (!g || !w) return;
    expect([...g.shape]).toEqual([...w.shape]);
    expect(sameBits(g.data, w.data)).toBe(true);
  });
}

describe('a replayed run', () => {
  test('random diagrams and their reverses: replays give a kernel run’s outputs and buffers, bit for bit', () => {
    let replays = 0;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const f = rdiff(randomDiagram(rng, randomDom(rng), { kinks: true }));
        const p = lower(f);
        const inputsAt = (batch: number) => dom(f).map((t) => randomValue(rng, t, 'any', batch));
        const runs = [3, 3, 1, 1, 3, 3].map((batch) => ({ batch, xs: inputsAt(batch) }));
        for (const program of [p, fuseProgram(p)]) {
          for (const dtype of ['float64', 'float32'] as const) {
            const engine = createTypedEngine(program, { dtype });
            for (const { batch, xs } of runs) {
              const got = engine.run(xs, { batchSize: batch });
              const fresh = createTypedEngine(program, { dtype });
              expectSame(got, fresh.run(xs, { batchSize: batch }));
              expectSame(engine.buffers(), fresh.buffers());
            }
            replays += engine.replayed;
          }
        }
      }),
      { seed, numRuns: 25 },
    );
    // some random reverses make only the calls the recording knows: they replayed
    expect(replays).toBeGreaterThan(0);
  });

  test('a dense layer’s reverse replays every run after the first at a batch size, recorded again after another', () => {
    const b = new DiagramBuilder();
    const [w, x] = [b.input(param([3, 2])), b.input(real([3]))];
    b.output(b.op('sigmoid', [b.op('linear', [w, x], { in: 3, out: 2 })]));
    const f = rdiff(b.build());
    const rng = mulberry32(7);
    const engine = createTypedEngine(fuseProgram(lower(f)), { dtype: 'float32' });
    for (const batch of [4, 4, 4, 1, 1, 4, 4]) engine.run(dom(f).map((t) => randomValue(rng, t, 'any', batch)));
    expect(engine.replayed).toBe(4);
  });

  test('a Program with a call it does not record runs through the kernel, right, every time', () => {
    const b = new DiagramBuilder();
    b.output(b.op('layerNorm', [b.input(real([4]))], { eps: 0 }));
    const engine = createTypedEngine(lower(b.build()), { dtype: 'float64' });
    for (let i = 0; i < 3; i++) {
      const [y] = engine.run([{ shape: [2, 4], data: Float64Array.from([1, 1, 3, 3, i, i, i + 2, i + 2]) }]);
      expect(Array.from(y.data)).toEqual([-1, -1, 1, 1, -1, -1, 1, 1]);
    }
    expect(engine.replayed).toBe(0);
  });
});

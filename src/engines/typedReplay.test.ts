/**
 * A replayed run (./typedReplay) computes what a kernel run computes: on random diagrams and
 * their reverses, fused and not, an engine run again on new inputs — replayed — and after runs
 * at other batch sizes (whose replays are kept beside it) gives a fresh engine's outputs and
 * buffers bit for bit, in float64 and float32; the replays kept are bounded in number and
 * bytes; a run given the last run's very shape arrays skips the shape check and any other
 * shape is checked; and a Program whose calls the recording does not know runs through the kernel.
 * The replay's tape (ReplayTape) is also tested on its own: slots, counted reads, calls dropped
 * for a join, and the failures that make a recording unreplayable.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DiagramBuilder } from '../core/builder';
import { dom } from '../core/compose';
import { EngineInputError } from '../core/errors';
import { fuseProgram } from '../core/fuse';
import { mulberry32 } from '../core/init';
import { lower } from '../core/program';
import { rdiff } from '../core/rdiff';
import { param, real } from '../core/wire';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { randomValue } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { Arena, type Floats } from './arena';
import { createTypedEngine, KEPT_REPLAYS, REPLAY_BYTES, type TypedTensor } from './typed';
import { TypedKernel } from './typedKernel';
import { ReplayTape } from './typedReplay';

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
        // sizes that come back: their replays are kept together and share arena arrays
        const runs = [3, 3, 1, 1, 3, 1, 3, 2, 1, 3].map((batch) => ({ batch, xs: inputsAt(batch) }));
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

  const denseReverse = () => {
    const b = new DiagramBuilder();
    const [w, x] = [b.input(param([3, 2])), b.input(real([3]))];
    b.output(b.op('sigmoid', [b.op('linear', [w, x], { in: 3, out: 2 })]));
    return rdiff(b.build());
  };

  test('a dense layer’s reverse replays every run after the first at a batch size, and keeps each size’s replay', () => {
    const f = denseReverse();
    const rng = mulberry32(7);
    const engine = createTypedEngine(fuseProgram(lower(f)), { dtype: 'float32' });
    // an epoch of full batches and a shorter last one: recorded once each, then replayed
    for (const batch of [4, 4, 4, 1, 1, 4, 4, 1, 4]) engine.run(dom(f).map((t) => randomValue(rng, t, 'any', batch)));
    expect(engine.replayed).toBe(7);
  });

  test('past KEPT_REPLAYS sizes, or past the bytes allowed, the least recently run size is recorded again', () => {
    const f = denseReverse();
    const rng = mulberry32(8);
    const runAt = (engine: ReturnType<typeof createTypedEngine>, sizes: number[]) => {
      for (const batch of sizes) engine.run(dom(f).map((t) => randomValue(rng, t, 'any', batch)));
      return engine.replayed;
    };
    const sizes = Array.from({ length: KEPT_REPLAYS + 1 }, (_, i) => i + 1);
    const many = createTypedEngine(fuseProgram(lower(f)), { dtype: 'float64' });
    // each size recorded; then the newest KEPT_REPLAYS replay, and the first, dropped, records again
    expect(runAt(many, [...sizes, ...sizes.slice(1), 1])).toBe(KEPT_REPLAYS);
    // no bytes to spare: only the newest replay is kept, as for a model as big as its budget
    const tight = createTypedEngine(fuseProgram(lower(f)), { dtype: 'float64', replayBytes: 0 });
    expect(runAt(tight, [4, 4, 1, 1, 4, 4])).toBe(3);
    expect(REPLAY_BYTES).toBeGreaterThan(0);
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

  test('the same shape arrays as the last run skip the check; another shape, or another batch size asked for, is checked', () => {
    const f = denseReverse();
    const rng = mulberry32(9);
    const engine = createTypedEngine(fuseProgram(lower(f)), { dtype: 'float64' });
    // records refilled step after step, as a trainer's: new data, the same shape arrays
    const records = dom(f).map((t) => ({ ...randomValue(rng, t, 'any', 2) }));
    for (let i = 0; i < 3; i++) {
      records.forEach((r, j) => {
        r.data = randomValue(rng, dom(f)[j], 'any', 2).data;
      });
      const got = engine.run(records);
      expectSame(got, createTypedEngine(fuseProgram(lower(f)), { dtype: 'float64' }).run(records));
    }
    expect(engine.replayed).toBe(2);
    // one record given a wrong shape (a new array) is caught, however alike the rest
    const wrong = records.map((r, j) => (j === 1 ? { shape: [2, 4], data: new Float64Array(8) } : r));
    expect(() => engine.run(wrong)).toThrow(EngineInputError);
    // no batched input: the batch size asked for counts, though the shapes are the same arrays
    const b = new DiagramBuilder();
    b.output(b.op('broadcastBatch', [b.input(param([2]))]));
    const unbatched = createTypedEngine(lower(b.build()), { dtype: 'float64' });
    const w = [{ shape: [2], data: Float64Array.from([1, 2]) }];
    expect(unbatched.run(w, { batchSize: 2 })[0].shape).toEqual([2, 2]);
    expect(unbatched.run(w, { batchSize: 3 })[0].shape).toEqual([3, 2]);
  });
});

/** A tape with one made-up call: o = f(a), noted as a closure over the two slots. */
class Tape extends ReplayTape {
  note(x: TypedTensor, f: (a: Floats, o: Floats) => void): TypedTensor {
    const a = this.read(x);
    const out = { shape: x.shape, data: new Float64Array(x.data.length) };
    f(x.data, out.data);
    const o = this.result(out);
    this.ops.push((s) => f(s[a], s[o]));
    return out;
  }
  /** Empties a call's place, as a join does. */
  drop(at: number): void {
    this.ops[at] = null;
  }
  readsOf(slot: number): number {
    return this.reads[slot] ?? 0;
  }
}

const tensor = (...xs: number[]): TypedTensor => ({ shape: [xs.length], data: Float64Array.from(xs) });
const double = (a: Floats, o: Floats) => {
  for (let i = 0; i < a.length; i++) o[i] = 2 * a[i];
};
const negate = (a: Floats, o: Floats) => {
  for (let i = 0; i < a.length; i++) o[i] = -a[i];
};

describe('the replay’s tape', () => {
  test('slots are the inputs’ then each result’s; a replay runs the calls kept, in order, on new inputs', () => {
    const [x, y] = [tensor(1, 2), tensor(5)];
    const tape = new Tape(new TypedKernel(new Arena('float64')), 2, [x, y]);
    const twice = tape.note(x, double);
    const back = tape.note(twice, negate);
    expect([tape.slot(x), tape.slot(y), tape.slot(twice), tape.slot(back)]).toEqual([0, 1, 2, 3]);
    expect([tape.readsOf(0), tape.readsOf(1), tape.readsOf(2)]).toEqual([1, 0, 1]);
    expect(tape.isView(twice)).toBe(false);
    const replay = tape.replay();
    if (!replay) throw new Error(`not replayable: ${tape.failed}`);
    expect(replay.calls).toBe(2);
    const [x2, y2] = [tensor(3, 4), tensor(6)];
    replay.run([x2, y2]);
    expect(replay.slots[0]).toBe(x2.data);
    expect(replay.slots[1]).toBe(y2.data);
    // the results' arrays are the recording's, written again
    expect(replay.slots[2]).toBe(twice.data);
    expect(Array.from(back.data)).toEqual([-6, -8]);
  });

  test('a call whose place was emptied is not replayed', () => {
    const x = tensor(1);
    const tape = new Tape(new TypedKernel(new Arena('float64')), 1, [x]);
    const twice = tape.note(x, double);
    tape.note(x, negate);
    tape.drop(0);
    const replay = tape.replay();
    expect(replay?.calls).toBe(1);
    replay?.run([tensor(7)]);
    expect(Array.from(twice.data)).toEqual([2]);
  });

  test('one record given as two inputs, or a value it did not see, makes the recording unreplayable', () => {
    const x = tensor(1);
    const kernel = new TypedKernel(new Arena('float64'));
    const twice = new Tape(kernel, 2, [x, x]);
    expect(twice.failed).toBe('input 1 given as the same record as another');
    expect(twice.replay()).toBeNull();
    const unseen = new Tape(kernel, 1, [x]);
    expect(unseen.slot(tensor(2))).toBe(-1);
    expect(unseen.failed).toBe('a value the recording did not see');
    expect(unseen.replay()).toBeNull();
  });
});

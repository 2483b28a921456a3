/**
 * The two engines run the same Programs alike: typed float64 (the oracle), typed float32 and
 * tfjs, on ≥ 200 random diagrams and their reverses; the arena reuses its arrays; and 1,000
 * tfjs runs leave tf.memory().numTensors where the warm-up left it.
 */
import * as tf from '@tensorflow/tfjs';
import fc from 'fast-check';
import { beforeAll, describe, expect, test } from 'vitest';
import { DiagramBuilder } from '../core/builder';
import { cod } from '../core/compose';
import { mulberry32 } from '../core/init';
import { lower, lowerLens } from '../core/program';
import { rdiff } from '../core/rdiff';
import { shapeSize } from '../core/shape';
import { param, real } from '../core/wire';
import { randomDiagram, randomDom } from '../testing/arbitrary';
import { BATCH, closeness, evaluate, randomInputs, randomValue } from '../testing/numeric';
import { fcSeed } from '../testing/seed';
import { createTfjsEngine } from './tfjs';
import { createTypedEngine } from './typed';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const seed = fcSeed();

describe('engines agree', () => {
  test('typed float64, typed float32 and tfjs on 200 random diagrams and their reverses', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (s) => {
        const rng = mulberry32(s);
        const f = randomDiagram(rng, randomDom(rng), { kinks: true });
        const r = rdiff(f);
        const xs = [...randomInputs(rng, f), ...cod(f).map((t) => randomValue(rng, t))];
        const want = evaluate(r, xs);
        const f32 = evaluate(r, xs, 'float32');
        const viaTf = createTfjsEngine(lower(r)).runPlain(xs, { batchSize: BATCH });
        return closeness(f32, want, 2e-3) <= 1 && closeness(viaTf, want, 2e-3) <= 1;
      }),
      { seed, numRuns: 200 },
    );
  });
});

function mlp() {
  const b = new DiagramBuilder();
  const [w1, w2] = [b.input(param([2, 16])), b.input(param([16, 1]))];
  const x = b.input(real([2]));
  const h = b.op('tanh', [b.op('linear', [w1, x], { in: 2, out: 16 })]);
  b.output(b.op('sigmoid', [b.op('linear', [w2, h], { in: 16, out: 1 })]));
  return b.build();
}

const plain = (shape: number[], rng: () => number) => ({
  shape,
  data: Float32Array.from({ length: shapeSize(shape) }, () => rng() - 0.5),
});

describe('resources', () => {
  test('the typed arena allocates on the first run only', () => {
    const engine = createTypedEngine(lowerLens(mlp(), { changes: [0, 1] }), { dtype: 'float32' });
    const rng = mulberry32(1);
    const inputs = [plain([2, 16], rng), plain([16, 1], rng), plain([8, 2], rng), plain([8, 1], rng)];
    const first = engine.run(inputs)[0].data;
    const after = engine.kernel.arena.allocations;
    for (let i = 0; i < 50; i++) engine.run(inputs);
    expect(engine.kernel.arena.allocations).toBe(after);
    expect(engine.run(inputs)[0].data).toBe(first);
  });

  test('the typed engine hands out the same records and output list run after run', () => {
    const engine = createTypedEngine(lowerLens(mlp(), { changes: [0, 1] }), { dtype: 'float32' });
    const rng = mulberry32(1);
    const inputs = [plain([2, 16], rng), plain([16, 1], rng), plain([8, 2], rng), plain([8, 1], rng)];
    const outs = engine.run(inputs);
    const records = [...engine.buffers()];
    expect(engine.run(inputs)).toBe(outs);
    engine.buffers().forEach((b, i) => {
      expect(b).toBe(records[i]);
    });
  });

  test('1,000 tfjs runs leave tf.memory().numTensors unchanged after a warm-up', () => {
    const engine = createTfjsEngine(lowerLens(mlp(), { changes: [0, 1] }));
    const rng = mulberry32(2);
    const inputs = [plain([2, 16], rng), plain([16, 1], rng), plain([4, 2], rng), plain([4, 1], rng)].map((p) =>
      tf.tensor(p.data, p.shape),
    );
    tf.dispose(engine.run(inputs));
    const before = tf.memory().numTensors;
    for (let i = 0; i < 1000; i++) tf.dispose(engine.run(inputs));
    engine.trace(inputs);
    engine.runPlain([plain([2, 16], rng), plain([16, 1], rng), plain([4, 2], rng), plain([4, 1], rng)]);
    expect(tf.memory().numTensors).toBe(before);
    tf.dispose(inputs);
  });

  test('trace returns every buffer as plain data, indexed like the Program', () => {
    const p = lowerLens(mlp());
    const rng = mulberry32(3);
    const inputs = [plain([2, 16], rng), plain([16, 1], rng), plain([3, 2], rng), plain([3, 1], rng)].map((x) =>
      tf.tensor(x.data, x.shape),
    );
    const bufs = createTfjsEngine(p).trace(inputs);
    expect(bufs.length).toBe(p.nBuffers);
    expect(bufs.every((b) => b && b.data instanceof Float32Array)).toBe(true);
    tf.dispose(inputs);
  });
});

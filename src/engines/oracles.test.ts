/**
 * Every registered generator against the core's oracles (docs/architecture.md, "How the tests hold it"): the inner-product check
 * ⟨J·t, c⟩ = ⟨t, R[f](x, c)⟩ with J·t by central differences on float64 (3 directions × 5
 * points, relative error < 1e-6); tfjs float32 against float64 within 2e-3·(1 + |v|); and R[f]
 * against tf.grad of the forward.
 */
import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { allGenerators } from '../core';
import { box, cod } from '../core/compose';
import type { Config, Diagram } from '../core/diagram';
import { mulberry32 } from '../core/init';
import { lower } from '../core/program';
import { rdiff } from '../core/rdiff';
import { fullShape } from '../core/shape';
import { productEquals } from '../core/wire';
import { innerProductCheck } from '../testing/checks';
import { BATCH, closeness, evaluate, randomValue, type Value } from '../testing/numeric';
import { samples } from '../testing/samples';
import { createTfjsEngine } from './tfjs';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

const cases = allGenerators().flatMap((g) =>
  (samples[g.id] ?? []).map((s, i) => ({ name: `${g.id}#${i}`, gen: g.id, ...s })),
);
const isReal = (c: (typeof cases)[number]) => c.inputs.every((t) => t.field === 'real');

test('every registered generator has sample cases', () => {
  expect(
    allGenerators()
      .filter((g) => !samples[g.id])
      .map((g) => g.id),
  ).toEqual([]);
});

test('R[R[f]] exists for every generator, ℤ₂ ones included', () => {
  for (const c of cases) expect(() => rdiff(rdiff(box(c.gen, c.inputs, c.config)))).not.toThrow();
});

describe.each(cases.filter(isReal))('$name', (c) => {
  const f = box(c.gen, c.inputs, c.config);
  const r = rdiff(f);
  const rng = mulberry32(0x5eed ^ c.name.length ^ c.gen.charCodeAt(0));
  const point = () => c.inputs.map((t) => randomValue(rng, t, c.domain));
  const changes = () => cod(f).map((t) => randomValue(rng, t));

  test('⟨J·t, c⟩ = ⟨t, R[f](x, c)⟩ by central differences (3 directions × 5 points)', () => {
    const h = c.domain === 'awayFromZero' ? 1e-6 : 1e-5;
    expect(innerProductCheck(f, rng, { h, domains: c.inputs.map(() => c.domain) })).toBeLessThan(1e-6);
  });

  test('R[R[f]] passes the same check on R[f] (the reverse is closed under R)', () => {
    const h = c.domain === 'awayFromZero' ? 1e-6 : 1e-5;
    expect(innerProductCheck(r, rng, { h, points: 2, domains: c.inputs.map(() => c.domain) })).toBeLessThan(1e-6);
  });

  test('tfjs float32 agrees with float64 on f and R[f]', () => {
    for (const d of [f, r]) {
      const xs = [...point(), ...(d === r ? changes() : [])];
      const got = createTfjsEngine(lower(d)).runPlain(xs, { batchSize: BATCH });
      expect(closeness(got, evaluate(d, xs), 2e-3)).toBeLessThanOrEqual(1);
    }
  });

  // tf.grad needs an input to differentiate and an output to sum; the generators without one
  // (discard; zero, constant, one) are checked against what the unit I forces instead.
  if (c.inputs.length > 0 && cod(f).length > 0) {
    test('R[f] agrees with tf.grad of the forward', () => {
      const x = point();
      const dy = changes();
      const engine = createTfjsEngine(lower(f));
      const toT = (v: Value) => tf.tensor(Float32Array.from(v.data), v.shape);
      const [xs, cs] = [x.map(toT), dy.map(toT)];
      const grads = tf.grads((...args: tf.Tensor[]) => {
        const ys = engine.run(args, { batchSize: BATCH });
        return ys.reduce((s, y, j) => tf.add(s, tf.sum(tf.mul(y, cs[j]))), tf.scalar(0));
      })(xs);
      const want = grads.map((g) => ({ data: g.dataSync() }));
      tf.dispose([...xs, ...cs, ...grads]);
      expect(closeness(evaluate(r, [...x, ...dy]), want, 2e-3)).toBeLessThanOrEqual(1);
    });
  } else {
    // Catches the tfjs engine dropping `opts.batchSize` in `execute` (tfjs.ts), which no other
    // test saw: with no input to carry the batch, a batched zero came out [1, 2], not [3, 2].
    // Also constant's forward ignoring its value, and zero's filling 1 (structure.ts).
    test('with nothing on one side: f fills its wire, R[f] of I gives nothing, R[!] gives 0', () => {
      const x = point();
      const engines = [
        (d: Diagram, xs: Value[]) => evaluate(d, xs),
        (d: Diagram, xs: Value[]) => createTfjsEngine(lower(d)).runPlain(xs, { batchSize: BATCH }),
      ];
      for (const run of engines) {
        const y = run(f, x);
        expect(y.map((v) => v.shape)).toEqual(cod(f).map((t) => fullShape(t, BATCH)));
        if (c.inputs.length === 0) {
          expect(y.map((v) => [...new Set(v.data)])).toEqual([[fillOf(c.gen, f.boxes[0].config)]]);
          expect(run(r, changes())).toEqual([]);
        } else {
          const back = run(r, x);
          expect(back.map((v) => v.shape)).toEqual(c.inputs.map((t) => fullShape(t, BATCH)));
          expect(back.map((v) => [...new Set(v.data)])).toEqual(c.inputs.map(() => [0]));
        }
      }
      expect(productEquals(cod(r), c.inputs)).toBe(true);
    });
  }
});

/** The value a generator with no inputs fills its wire with. */
function fillOf(gen: string, config: Config): number {
  if (gen === 'zero') return 0;
  if (gen === 'one') return 1;
  if (gen === 'constant') return config.value as number;
  throw new Error(`${gen} has no inputs: say here what it fills its wire with`);
}

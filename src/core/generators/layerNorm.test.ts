/**
 * layerNorm, the one box, is the map drawn from primitives (docs/generators.md, "layerNorm"):
 * on random shapes, inputs and changes, its forward and its reverse derivative agree with those
 * of mean, subtract, square, sqrt and reciprocal drawn box by box, on the float64 engine.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { evaluate, randomValue, type Value } from '../../testing/numeric';
import { fcSeed } from '../../testing/seed';
import { DiagramBuilder } from '../builder';
import { box, cod } from '../compose';
import type { Diagram } from '../diagram';
import { mulberry32 } from '../init';
import { rdiff } from '../rdiff';
import { real, type WireType } from '../wire';

const seed = fcSeed();

/** (x − mean(x))/√(mean((x − mean(x))²) + eps) along the last axis, one primitive box at a time. */
function drawn(t: WireType, eps: number): Diagram {
  const b = new DiagramBuilder();
  const [x] = b.inputs([t]);
  const axis = t.shape.length - 1;
  const mean = (v: number) =>
    b.op('broadcast', [b.op('scale', [b.op('sumFeatures', [v], { axis })], { c: 1 / t.shape[axis] })], {
      shape: t.shape,
      axis,
    });
  const centred = b.op('subtract', [x, mean(x)]);
  const epsilon = b.op('constant', [], { value: eps, shape: [], batch: false });
  const sd = b.op('sqrt', [b.op('add', [mean(b.op('square', [centred])), epsilon])]);
  b.outputs([b.op('multiply', [centred, b.op('reciprocal', [sd])])]);
  return b.build();
}

const furthest = (a: readonly Value[], b: readonly Value[]) =>
  Math.max(...a.flatMap((v, i) => Array.from(v.data, (x, k) => Math.abs(x - b[i].data[k]))));

test('layerNorm and its reverse equal the map drawn from primitives', () => {
  fc.assert(
    fc.property(
      fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
      fc.constantFrom(1e-5, 0.1),
      fc.integer(),
      (shape, batch, eps, valueSeed) => {
        const t = real(shape, batch);
        const one = box('layerNorm', [t], { eps });
        const many = drawn(t, eps);
        const rng = mulberry32(valueSeed);
        const x = [randomValue(rng, t)];
        const d = cod(one).map((c) => randomValue(rng, c));
        expect(furthest(evaluate(one, x), evaluate(many, x))).toBeLessThan(1e-12);
        expect(furthest(evaluate(rdiff(one), [...x, ...d]), evaluate(rdiff(many), [...x, ...d]))).toBeLessThan(1e-9);
      },
    ),
    { seed, numRuns: 40 },
  );
});

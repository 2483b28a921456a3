/**
 * embedding is one-hot(ids)·W without the one-hot (docs/generators.md, "embedding"): on random
 * ids, shapes, weights and changes, its forward equals the product with the one-hot matrix
 * written out, and its reverse is that product's: W′ = one-hot(ids)ᵀ·d summed over the batch,
 * ids′ = 0. Float64 engine.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { BATCH, evaluate, randomValue } from '../../testing/numeric';
import { fcSeed } from '../../testing/seed';
import { box } from '../compose';
import { mulberry32 } from '../init';
import { rdiff } from '../rdiff';
import { real } from '../wire';

const seed = fcSeed();

test('embedding and its reverse equal one-hot(ids) × W', () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 6 }),
      fc.integer({ min: 1, max: 4 }),
      fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 0, maxLength: 2 }),
      fc.integer(),
      (vocab, width, idShape, valueSeed) => {
        const rng = mulberry32(valueSeed);
        const wType = real([vocab, width], false);
        const idType = real(idShape);
        const f = box('embedding', [wType, idType], { vocab, width });
        const w = randomValue(rng, wType);
        const idCount = BATCH * idShape.reduce((a, b) => a * b, 1);
        const ids = {
          shape: [BATCH, ...idShape],
          data: Float64Array.from({ length: idCount }, () => Math.floor(rng() * vocab)),
        };
        // one-hot(ids), idCount × vocab, and the products with it, written out.
        const oneHot = (i: number, v: number) => (ids.data[i] === v ? 1 : 0);
        const want = new Float64Array(idCount * width);
        for (let i = 0; i < idCount; i++)
          for (let j = 0; j < width; j++)
            for (let v = 0; v < vocab; v++) want[i * width + j] += oneHot(i, v) * w.data[v * width + j];
        const [y] = evaluate(f, [w, ids]);
        expect(y.shape).toEqual([BATCH, ...idShape, width]);
        expect(Array.from(y.data)).toEqual(Array.from(want));

        const d = { shape: y.shape, data: Float64Array.from({ length: idCount * width }, () => rng() * 2 - 1) };
        const wantW = new Float64Array(vocab * width);
        for (let v = 0; v < vocab; v++)
          for (let j = 0; j < width; j++)
            for (let i = 0; i < idCount; i++) wantW[v * width + j] += oneHot(i, v) * d.data[i * width + j];
        const [dw, dids] = evaluate(rdiff(f), [w, ids, d]);
        expect(Array.from(dw.data)).toEqual(Array.from(wantW).map((x) => expect.closeTo(x, 12)));
        expect(dids.shape).toEqual(ids.shape);
        expect(dids.data.every((x) => x === 0)).toBe(true);
      },
    ),
    { seed, numRuns: 40 },
  );
});

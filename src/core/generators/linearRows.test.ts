/**
 * linear, linearT and outer on a wire with leading axes ([T, in]: a sequence), as a transformer's
 * projections read it (docs/generators.md, "linear"): at each position the map is the vector one,
 * and the reverse derivatives pass the inner-product check, so R[linear] on [T, in] sums W′ over
 * the positions as over the batch.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import { innerProductCheck } from '../../testing/checks';
import { evaluate, randomValue } from '../../testing/numeric';
import { fcSeed } from '../../testing/seed';
import { box } from '../compose';
import { mulberry32 } from '../init';
import { param, real } from '../wire';

const seed = fcSeed();
const dims = fc.record({
  lead: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 1, maxLength: 2 }),
  n: fc.integer({ min: 1, max: 4 }),
  m: fc.integer({ min: 1, max: 4 }),
  batch: fc.boolean(),
  values: fc.integer(),
});

test('linear, linearT and outer on [T…, in] pass the inner-product check', () => {
  fc.assert(
    fc.property(dims, ({ lead, n, m, batch, values }) => {
      const rng = mulberry32(values);
      const config = { in: n, out: m };
      const cases = [
        box('linear', [param([n, m]), real([...lead, n], batch)], config),
        box('linearT', [param([n, m]), real([...lead, m], batch)], config),
        box('outer', [real([...lead, n], batch), real([...lead, m], batch)], config),
      ];
      for (const f of cases) expect(innerProductCheck(f, rng, { points: 2, directions: 2 })).toBeLessThan(1e-6);
    }),
    { seed, numRuns: 15 },
  );
});

test('linear on [T, in] is the vector linear at each position', () => {
  fc.assert(
    fc.property(dims, ({ lead, n, m, batch, values }) => {
      const rng = mulberry32(values);
      const T = lead.reduce((a, b) => a * b, 1);
      const w = randomValue(rng, param([n, m]));
      const x = randomValue(rng, real([...lead, n], batch), 'any', 2);
      const [y] = evaluate(box('linear', [param([n, m]), real([...lead, n], batch)], { in: n, out: m }), [w, x]);
      const rows = (batch ? 2 : 1) * T;
      const [flat] = evaluate(box('linear', [param([n, m]), real([n], true)], { in: n, out: m }), [
        w,
        { shape: [rows, n], data: x.data },
      ]);
      expect(y.shape).toEqual([...(batch ? [2] : []), ...lead, m]);
      expect(Array.from(y.data)).toEqual(Array.from(flat.data));
    }),
    { seed, numRuns: 30 },
  );
});

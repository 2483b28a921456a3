/**
 * Measuring a whole set in chunks: every row once, in order, the same metrics as one pass; the
 * chunks of a big model small enough that the worker can say, between two of them, that it is
 * still alive (docs/training-panel.md, "A worker that dies").
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeDataset } from '../data/dataset';
import { fcSeed } from '../testing/seed';
import { labelReading } from './metrics';
import type { StepRunner } from './runners/types';
import { atMostEvery, CHUNK_WORK, chunkRows, evaluateRows } from './trainerData';

afterEach(() => {
  vi.restoreAllMocks();
});

/** `n` rows of one feature each (its row number) and a two-class one-hot label. */
const rowsOf = (n: number) =>
  makeDataset({
    name: 'rows',
    description: 'row numbers',
    task: 'classification',
    featureShape: [1],
    labelShape: [2],
    labelEncoding: 'onehot',
    features: Float32Array.from({ length: n }, (_, i) => i),
    labels: Float32Array.from({ length: 2 * n }, (_, i) => (i % 2 === (Math.floor(i / 2) % 3 === 0 ? 0 : 1) ? 1 : 0)),
  });

/** A runner whose loss is the sum of its rows' features and whose predictions say class 0 for even rows. */
function countingRunner(chunks: number[][]): StepRunner {
  const evaluate = (rows: { features: Float32Array; n: number }) => {
    chunks.push([...rows.features]);
    const predictions = new Float32Array(2 * rows.n);
    rows.features.forEach((f, i) => {
      predictions[2 * i + (f % 2)] = 1;
    });
    return { loss: rows.features.reduce((a, b) => a + b, 0), predictions };
  };
  return { evaluate } as unknown as StepRunner;
}

describe('measuring a set in chunks', () => {
  it('takes 1,024 rows at once for a model of ordinary size, fewer for a big one, never none', () => {
    expect(chunkRows(17)).toBe(1024);
    expect(chunkRows(CHUNK_WORK / 1024)).toBe(1024);
    expect(chunkRows(CHUNK_WORK / 1024 + 1)).toBe(1023);
    expect(chunkRows(25_000_000)).toBe(10);
    expect(chunkRows(CHUNK_WORK)).toBe(1);
    expect(chunkRows(10 * CHUNK_WORK)).toBe(1);
    expect(chunkRows(0)).toBe(1024);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), (w) => {
        const rows = chunkRows(w);
        expect(rows).toBeGreaterThanOrEqual(1);
        expect(rows).toBeLessThanOrEqual(1024);
        // a chunk holds at most CHUNK_WORK weights × rows, unless one row alone is more
        if (rows > 1) expect(rows * w).toBeLessThanOrEqual(CHUNK_WORK);
        // and is as big as that allows
        if (rows < 1024) expect((rows + 1) * w).toBeGreaterThan(CHUNK_WORK);
      }),
      { seed: fcSeed(), numRuns: 300 },
    );
  });

  it('reads every row once, in order, with the metrics of one pass, and is between chunks only between them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 70 }), (n, rows) => {
        const ds = rowsOf(n);
        const reading = labelReading(ds, false);
        const whole: number[][] = [];
        const once = evaluateRows(countingRunner(whole), ds, reading, { rows: n });
        const chunks: number[][] = [];
        let between = 0;
        const chunked = evaluateRows(countingRunner(chunks), ds, reading, {
          rows,
          between: () => {
            between++;
          },
        });
        expect(chunks.map((c) => c.length)).toEqual(
          Array.from({ length: Math.ceil(n / rows) }, (_, i) => Math.min(rows, n - i * rows)),
        );
        expect(chunks.flat()).toEqual(whole.flat());
        expect(between).toBe(chunks.length - 1);
        expect(chunked).toEqual(once);
      }),
      { seed: fcSeed(), numRuns: 200 },
    );
  });

  it('says it is busy at most once every so often, counted from when it began', () => {
    let t = 0;
    let said = 0;
    const tick = atMostEvery(
      2000,
      () => t,
      () => {
        said++;
      },
    );
    const at = (time: number) => {
      t = time;
      tick();
      return said;
    };
    expect(at(1999)).toBe(0);
    expect(at(2000)).toBe(1);
    expect(at(3999)).toBe(1);
    expect(at(4000)).toBe(2);
    expect(at(100_000)).toBe(3);
    expect(at(100_001)).toBe(3);
  });
});

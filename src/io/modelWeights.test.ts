/**
 * The model file's weights on the io floor (./modelWeights): float32 little-endian bytes as
 * base64 and back, every refusal naming what is wrong and where — a length the manifest does not
 * need (short or long, both byte counts named), text that is not base64, a value that is not
 * finite (the weight and its index) — and no array made for a manifest that would need too much.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcSeed } from '../testing/seed';
import type { NamedArray, WeightEntry } from './modelSchema';
import { decodeWeights, encodeWeights, firstNonFinite, STEP_COUNT } from './modelWeights';

const seed = fcSeed();

const weight = (
  name: string,
  shape: number[],
  values: number[],
  group: 'model' | 'optimizer' = 'model',
): NamedArray => ({
  name,
  shape,
  group,
  data: Float32Array.from(values),
});

const entry = (name: string, shape: number[]): WeightEntry => ({ name, shape, dtype: 'float32', group: 'model' });

const errorsOf = (r: ReturnType<typeof decodeWeights>) => (r.ok ? [] : r.errors);

describe('encodeWeights and decodeWeights', () => {
  it('round-trips any finite float32 weights, in manifest order, with their names, shapes and groups', () => {
    const arb = fc.array(
      fc.record({
        rows: fc.integer({ min: 1, max: 4 }),
        cols: fc.integer({ min: 0, max: 5 }),
        group: fc.constantFrom('model' as const, 'optimizer' as const),
        seed: fc.integer(),
      }),
      { maxLength: 5 },
    );
    fc.assert(
      fc.property(arb, (specs) => {
        const weights = specs.map((s, k) => {
          const n = s.rows * s.cols;
          const values = Array.from({ length: n }, (_, i) => Math.fround(Math.sin(s.seed + i) * 1e3));
          return weight(`w${k}`, [s.rows, s.cols], values, s.group);
        });
        const { manifest, weightData } = encodeWeights(weights);
        expect(manifest).toEqual(
          weights.map((w) => ({ name: w.name, shape: w.shape, dtype: 'float32', group: w.group })),
        );
        const back = decodeWeights(manifest, weightData);
        expect(back.ok).toBe(true);
        if (!back.ok) return;
        expect(back.weights.map((w) => [w.name, w.shape, w.group])).toEqual(
          weights.map((w) => [w.name, w.shape, w.group]),
        );
        for (const [k, w] of back.weights.entries()) expect(Array.from(w.data)).toEqual(Array.from(weights[k].data));
      }),
      { seed, numRuns: 60 },
    );
  });

  it('writes float32 little-endian, one weight after another', () => {
    const { weightData } = encodeWeights([weight('a', [1], [1]), weight('b', [1], [-2])]);
    // 1.0f = 00 00 80 3f, −2.0f = 00 00 00 c0
    expect(Array.from(atob(weightData), (c) => c.charCodeAt(0))).toEqual([0, 0, 0x80, 0x3f, 0, 0, 0, 0xc0]);
  });

  it('encodes more bytes than one chunk of characters (0x8000) as one base64 text', () => {
    const n = 0x8000 / 4 + 3; // past the first chunk, not a multiple of it
    const values = Array.from({ length: n }, (_, i) => i - n / 2);
    const { manifest, weightData } = encodeWeights([weight('big', [n], values)]);
    expect(atob(weightData).length).toBe(4 * n);
    const back = decodeWeights(manifest, weightData);
    expect(back.ok && Array.from(back.weights[0].data)).toEqual(values);
  });

  it('refuses to write a weight whose values do not fill its shape, naming it', () => {
    expect(() => encodeWeights([weight('W', [2, 3], [1, 2, 3, 4, 5])])).toThrow("'W' has 5 values for shape [2, 3]");
  });

  it('keeps the shape given, not the caller’s array', () => {
    const shape = [2];
    const { manifest } = encodeWeights([weight('v', shape, [1, 2])]);
    shape.push(9);
    expect(manifest[0].shape).toEqual([2]);
  });

  it('names both byte counts when the data is shorter or longer than the manifest needs', () => {
    const { weightData } = encodeWeights([weight('v', [3], [1, 2, 3])]);
    const short = errorsOf(decodeWeights([entry('v', [4])], weightData));
    expect(short).toEqual([
      { path: 'weightData', message: "holds 12 bytes, but the manifest's weights need 16 (4 bytes per float32)" },
    ]);
    const long = errorsOf(decodeWeights([entry('v', [2])], weightData));
    expect(long).toEqual([
      { path: 'weightData', message: "holds 12 bytes, but the manifest's weights need 8 (4 bytes per float32)" },
    ]);
  });

  it('counts base64 padding: one and two = signs', () => {
    // 4 bytes → 8 characters with two '=', 8 bytes → 12 with one '='
    const one = encodeWeights([weight('a', [1], [5])]).weightData;
    expect(one.endsWith('==')).toBe(true);
    expect(decodeWeights([entry('a', [1])], one).ok).toBe(true);
    const two = encodeWeights([weight('a', [2], [5, 6])]).weightData;
    expect(two.endsWith('=') && !two.endsWith('==')).toBe(true);
    expect(decodeWeights([entry('a', [2])], two).ok).toBe(true);
    expect(errorsOf(decodeWeights([entry('a', [2])], one))[0].message).toContain('holds 4 bytes');
  });

  it('refuses text of the right length that is not base64', () => {
    const good = encodeWeights([weight('a', [3], [1, 2, 3])]).weightData;
    const bad = `${good.slice(0, 4)}!!!!${good.slice(8)}`;
    expect(bad.length).toBe(good.length);
    expect(errorsOf(decodeWeights([entry('a', [3])], bad))).toEqual([
      { path: 'weightData', message: 'is not valid base64' },
    ]);
  });

  it('refuses base64 whose spaces make its length look right (atob skips them), without reading past its bytes', () => {
    // 6 characters count as 4 bytes, but atob reads 'AAAA' as 3
    expect(errorsOf(decodeWeights([entry('a', [1])], 'AAAA  '))).toEqual([
      { path: 'weightData', message: 'is not valid base64' },
    ]);
  });

  it('names every weight that holds a value that is not finite, with the value and its index', () => {
    const { manifest, weightData } = encodeWeights([
      weight('ok', [2], [1, 2]),
      weight('nan', [3], [0, 0, Number.NaN]),
      weight('inf', [2], [Number.NEGATIVE_INFINITY, 1]),
    ]);
    expect(errorsOf(decodeWeights(manifest, weightData))).toEqual([
      { path: 'weightsManifest[1]', message: "weight 'nan' holds NaN at index 2; weights must be finite numbers" },
      {
        path: 'weightsManifest[2]',
        message: "weight 'inf' holds -Infinity at index 0; weights must be finite numbers",
      },
    ]);
  });

  it('refuses a manifest whose size is past a safe integer before making any array', () => {
    const huge = entry('huge', [2 ** 30, 2 ** 30, 2 ** 10]);
    const r = decodeWeights([huge], 'AAAA');
    expect(r.ok).toBe(false);
    expect(errorsOf(r)[0].path).toBe('weightData');
    expect(errorsOf(r)[0].message).toMatch(/^holds 3 bytes, but the manifest's weights need /);
  });

  it('reads an empty manifest from empty data', () => {
    const { manifest, weightData } = encodeWeights([]);
    expect(manifest).toEqual([]);
    expect(weightData).toBe('');
    expect(decodeWeights([], '')).toEqual({ ok: true, weights: [] });
  });
});

describe('firstNonFinite', () => {
  it('is the index of the first NaN or ±Infinity, else −1', () => {
    expect(firstNonFinite(Float32Array.from([]))).toBe(-1);
    expect(firstNonFinite(Float32Array.from([0, -0, 3.4e38, -1e-45]))).toBe(-1);
    expect(firstNonFinite(Float32Array.from([1, Number.NaN, Number.POSITIVE_INFINITY]))).toBe(1);
    expect(firstNonFinite(Float32Array.from([Number.POSITIVE_INFINITY, Number.NaN]))).toBe(0);
    expect(firstNonFinite(Float32Array.from([1, 2, Number.NEGATIVE_INFINITY]))).toBe(2);
  });
});

describe('STEP_COUNT', () => {
  it('is the manifest name of Adam’s step counter', () => {
    expect(STEP_COUNT).toBe('optimizer/t');
  });
});

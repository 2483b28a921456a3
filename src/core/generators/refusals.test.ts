/**
 * The config relations the field checks cannot express, and the arity check every generator
 * shares (define.ts): each refused with the error the inspector shows, word for word, and the
 * last value allowed still allowed. A box of a refused config is never built.
 */
import { describe, expect, test } from 'vitest';
import { box, cod } from '../compose';
import { geometryOf, validGeometry } from '../convGeometry';
import { LensboardError } from '../errors';
import { param, real } from '../wire';

function refusal(f: () => unknown): { code: string; message: string } {
  try {
    f();
  } catch (e) {
    if (e instanceof LensboardError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('expected a LensboardError');
}

const config = (message: string) => ({ code: 'bad-config', message });

describe('axes that must exist', () => {
  test('sumFeatures and broadcast: an axis below the rank', () => {
    expect(cod(box('sumFeatures', [real([2, 3])], { axis: 1 }))).toEqual([real([2])]);
    expect(refusal(() => box('sumFeatures', [real([2, 3])], { axis: 2 }))).toEqual(
      config("sumFeatures: config 'axis' = 2 is not allowed (expected −1 ≤ axis < 2)"),
    );
    expect(cod(box('broadcast', [real([2])], { shape: [2, 3], axis: 1 }))).toEqual([real([2, 3])]);
    expect(refusal(() => box('broadcast', [real([2, 3])], { shape: [2, 3], axis: 2 }))).toEqual(
      config("broadcast: config 'axis' = 2 is not allowed (expected −1 ≤ axis < 2)"),
    );
  });

  test('softmax: an axis below the rank, and a causal mask only along the last', () => {
    expect(cod(box('softmax', [real([2, 3])], { axis: 1 }))).toEqual([real([2, 3])]);
    expect(refusal(() => box('softmax', [real([2, 3])], { axis: 2 }))).toEqual(
      config("softmax: config 'axis' = 2 is not allowed (expected −1 ≤ axis < 2)"),
    );
    expect(cod(box('softmax', [real([2, 2])], { axis: 1, causal: true }))).toEqual([real([2, 2])]);
    expect(cod(box('softmax', [real([2, 2])], { causal: true }))).toEqual([real([2, 2])]);
    expect(refusal(() => box('softmax', [real([2, 2])], { axis: 0, causal: true }))).toEqual(
      config(
        "softmax: config 'causal' = true is not allowed (expected false unless the softmax runs along the last axis)",
      ),
    );
  });
});

describe('shapes that must fit', () => {
  test('reshape keeps the number of values', () => {
    expect(cod(box('reshape', [real([2, 3])], { shape: [6] }))).toEqual([real([6])]);
    expect(refusal(() => box('reshape', [real([2, 3])], { shape: [5] }))).toEqual(
      config("reshape: config 'shape' = [5] is not allowed (expected a shape of 6 values)"),
    );
  });

  test('transpose takes each axis once', () => {
    expect(cod(box('transpose', [real([2, 3])], { perm: [1, 0] }))).toEqual([real([3, 2])]);
    for (const perm of [[0, 0], [0], [0, 1, 2], [1, 2]])
      expect(refusal(() => box('transpose', [real([2, 3])], { perm }))).toEqual(
        config(
          `transpose: config 'perm' = ${JSON.stringify(perm)} is not allowed (expected an order of the axes 0…1, each once)`,
        ),
      );
  });

  test('split needs a size', () => {
    expect(refusal(() => box('split', [real([2])], { sizes: [] }))).toEqual(
      config("split: config 'sizes' = [] is not allowed (expected at least one size)"),
    );
  });
});

describe('arity', () => {
  test('a wire too many is named by its place', () => {
    expect(refusal(() => box('sigmoid', [real([2]), real([3])]))).toEqual({
      code: 'bad-type',
      message: "sigmoid: port '#1' expects no wire (too many inputs), got ℝ^3",
    });
  });

  test('a wire too few is named by its port', () => {
    expect(refusal(() => box('linear', [param([2, 3])], { in: 2, out: 3 }))).toEqual({
      code: 'bad-type',
      message: "linear: port 'x' expects a wire, got nothing",
    });
  });
});

describe('convolution geometry', () => {
  const filter = param([2, 2, 2, 4]);
  const image = real([4, 4, 2]);

  test('groups must divide the input and the output channels', () => {
    expect(cod(box('correlate2d', [param([2, 2, 1, 4]), image], { groups: 2 }))).toEqual([real([3, 3, 4])]);
    expect(refusal(() => box('correlate2d', [param([2, 2, 1, 3]), real([4, 4, 3])], { groups: 2 })).message).toBe(
      "correlate2d: port 'W' expects a filter whose 3 output channels split into 2 groups, got ℝ^{2×2×1×3}ᵖ",
    );
    expect(refusal(() => box('correlate2d', [param([2, 2, 1, 4]), real([4, 4, 3])], { groups: 2 })).message).toBe(
      "correlate2d: port 'W' expects input channels that split into 2 groups, got ℝ^{2×2×1×4}ᵖ",
    );
  });

  test('geometryOf, as an import reads a config: absent keys are the valid correlation’s, a list of the wrong length is named', () => {
    expect(geometryOf('correlate2d', {})).toEqual(validGeometry);
    expect(geometryOf('correlate2d', { strides: [2, 1], groups: 3 })).toEqual({
      ...validGeometry,
      strides: [2, 1],
      groups: 3,
    });
    expect(refusal(() => geometryOf('correlate2d', { pads: [1, 1] }))).toEqual(
      config("correlate2d: config 'pads' = [1,1] is not allowed (expected a list of 4 integers)"),
    );
    expect(refusal(() => geometryOf('correlate2d', { dilations: [1, 1.5] }))).toEqual(
      config("correlate2d: config 'dilations' = [1,1.5] is not allowed (expected a list of 2 integers)"),
    );
  });

  test('a padding as wide as the window is refused', () => {
    expect(cod(box('correlate2d', [filter, image], { pads: [1, 1, 1, 1] }))).toEqual([real([5, 5, 4])]);
    expect(refusal(() => box('maxPool2d', [real([4, 4, 1])], { size: 2, pads: [0, 2, 0, 0] })).message).toMatch(
      /^maxPool2d: config 'pads' = \[0,2,0,0\] is not allowed \(expected a list of 4 integers below the window 2\)$/,
    );
  });
});

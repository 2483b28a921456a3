import { describe, expect, it } from 'vitest';
import { fullShape, isScalar, sameShape, shapeSize, typeSize } from './shape';
import { param, real, z2 } from './wire';

describe('shapes', () => {
  it('sizes a shape by the product of its axes, a scalar holding one value', () => {
    expect(shapeSize([])).toBe(1);
    expect(shapeSize([4])).toBe(4);
    expect(shapeSize([28, 28, 3])).toBe(2352);
    expect(shapeSize([3, 0])).toBe(0);
    expect(typeSize(real([2, 5]))).toBe(10);
  });

  it('compares shapes axis by axis', () => {
    expect(sameShape([2, 3], [2, 3])).toBe(true);
    expect(sameShape([2, 3], [3, 2])).toBe(false);
    expect(sameShape([2], [2, 1])).toBe(false);
    expect(sameShape([], [])).toBe(true);
  });

  it('gives a batched wire the leading batch axis, and a parameter none', () => {
    expect(fullShape(real([4]), 32)).toEqual([32, 4]);
    expect(fullShape(param([4, 3]), 32)).toEqual([4, 3]);
    const t = param([2]);
    expect(fullShape(t, 1)).not.toBe(t.shape);
  });

  it('calls only an unbatched rank-0 wire a scalar', () => {
    expect(isScalar(param([]))).toBe(true);
    expect(isScalar(param([], 'z2'))).toBe(true);
    expect(isScalar(real([]))).toBe(false);
    expect(isScalar(z2([1], false))).toBe(false);
  });
});

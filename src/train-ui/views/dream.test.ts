import { describe, expect, it } from 'vitest';
import { dreamPixels, imageSize, percent } from './dream';

describe('drawing a dreamed input', () => {
  it('knows a picture from a list of numbers', () => {
    expect(imageSize([784])).toEqual({ width: 28, height: 28 });
    expect(imageSize([28, 28, 1])).toEqual({ width: 28, height: 28 });
    expect(imageSize([4])).toBeNull();
    expect(imageSize([28, 28, 3])).toBeNull();
  });

  it('draws the largest value as black ink, zero and below as white paper', () => {
    const px = dreamPixels([2, 0, -3, 1, Number.NaN]);
    expect(Array.from(px.subarray(0, 4))).toEqual([0, 0, 0, 255]);
    expect(Array.from(px.subarray(4, 8))).toEqual([255, 255, 255, 255]);
    expect(Array.from(px.subarray(8, 12))).toEqual([255, 255, 255, 255]);
    expect(Array.from(px.subarray(12, 16))).toEqual([128, 128, 128, 255]);
    expect(Array.from(px.subarray(16, 20))).toEqual([255, 255, 255, 255]);
    expect(Array.from(dreamPixels([0, 0]))).toEqual([255, 255, 255, 255, 255, 255, 255, 255]);
    expect(percent(0.97123)).toBe('97.1%');
  });
});

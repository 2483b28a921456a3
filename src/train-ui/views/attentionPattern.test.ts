import { describe, expect, it } from 'vitest';
import { attentionGrid, attentionShape, axisMarks } from './attentionPattern';

describe('a softmax output read as attention', () => {
  it('finds examples, heads, queries and keys, and reads one grid', () => {
    // 2 examples × 3 heads × 2 queries × 2 keys, each value its own index
    const out = { shape: [2, 3, 2, 2], data: Float32Array.from({ length: 24 }, (_, i) => i) };
    const s = attentionShape('softmax', out);
    expect(s).toEqual({ examples: 2, heads: 3, queries: 2, keys: 2 });
    if (!s) return;
    expect(Array.from(attentionGrid(out, s, 1, 2))).toEqual([20, 21, 22, 23]);
    expect(Array.from(attentionGrid(out, s, 0, 1))).toEqual([4, 5, 6, 7]);
  });

  it('is no attention for another box, or for a softmax over one axis', () => {
    expect(attentionShape('tanh', { shape: [2, 3, 3], data: new Float32Array(18) })).toBeNull();
    expect(attentionShape('softmax', { shape: [2, 3], data: new Float32Array(6) })).toBeNull();
    expect(attentionShape('softmax', { shape: [4, 5, 5], data: new Float32Array(100) })?.heads).toBe(1);
  });

  it('labels the axes with the example’s characters, or positions when the rows are no text', () => {
    const features = Float32Array.of(0, 1, 2, 1, 0, 2);
    expect(axisMarks(features, 3, 1, 3, ['a', ' ', '\n'])).toEqual(['␣', 'a', '↵']);
    expect(axisMarks(features, 3, 0, 3, undefined)).toEqual(['0', '1', '2']);
    expect(axisMarks(features, 3, 0, 4, ['a', 'b', 'c'])).toEqual(['0', '1', '2', '3']);
  });
});

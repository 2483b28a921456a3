/** A box's label in terms, captions and the inspector reads as what it computes (docs/generators.md). */
import { describe, expect, it } from 'vitest';
import { real } from '../wire';
import { batchMatmul } from './attention';

const label = (transA: boolean, transB: boolean) =>
  batchMatmul.termLabel?.({ transA, transB }, [real([2, 2]), real([2, 2])]);

describe('batchMatmul term label', () => {
  it('names the product it takes of A and B, never a bare true', () => {
    expect(label(false, false)).toBe('batchMatmul');
    expect(label(false, true)).toBe('batchMatmul[A·Bᵀ]');
    expect(label(true, false)).toBe('batchMatmul[Aᵀ·B]');
    expect(label(true, true)).toBe('batchMatmul[Aᵀ·Bᵀ]');
  });
});

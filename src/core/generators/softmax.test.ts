/** A box's label in terms, captions and the inspector reads as what it computes (docs/generators.md). */
import { describe, expect, it } from 'vitest';
import { real } from '../wire';
import { softmax } from './softmax';

const label = (config: Record<string, unknown>) => {
  const g = softmax;
  return g.termLabel?.({ axis: -1, causal: false, ...config }, [real([3, 3])]);
};

describe('softmax term label', () => {
  it('says what the config does, never a bare true', () => {
    expect(label({})).toBe('softmax');
    expect(label({ causal: true })).toBe('softmax[masked]');
    expect(label({ axis: 0 })).toBe('softmax[axis 0]');
  });
});

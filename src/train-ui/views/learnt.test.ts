import { describe, expect, it } from 'vitest';
import { classOf, confusion, confusionWords, extent, planeGrid, positiveShare } from './learnt';

describe('what a model has learnt, as numbers', () => {
  it('lays a grid over the square that holds the points, top row first', () => {
    expect(extent([0.5, -2, 1])).toBeCloseTo(2.1);
    const g = planeGrid(2, 1);
    expect(Array.from(g)).toEqual([-0.5, 0.5, 0.5, 0.5, -0.5, -0.5, 0.5, -0.5]);
  });

  it('reads the class of a row: the largest entry, or the side of the threshold', () => {
    expect(classOf([0.1, 0.7, 0.2], false)).toBe(1);
    expect(classOf([0.6], false)).toBe(1);
    expect(classOf([-0.1], true)).toBe(0);
  });

  it('gives the probability of the second class, from logits or probabilities', () => {
    expect(positiveShare([0, 0], true)).toBeCloseTo(0.5);
    expect(positiveShare([0, 2], true)).toBeCloseTo(1 / (1 + Math.exp(-2)));
    expect(positiveShare([0.2, 0.6], false)).toBeCloseTo(0.75);
    expect(positiveShare([3], true)).toBeCloseTo(1 / (1 + Math.exp(-3)));
  });

  it('counts true classes against predicted ones', () => {
    const preds = [
      [0.9, 0.1],
      [0.2, 0.8],
      [0.7, 0.3],
      [0.1, 0.9],
    ];
    const labels = [1, 0, 0, 1, 0, 1, 0, 1];
    expect(confusion(preds, labels, 2, false)).toEqual([
      [1, 0],
      [1, 2],
    ]);
  });

  it('captions the confusion matrix with the step whose weights it counts', () => {
    // beside a test figure of an earlier epoch's weights, it must not read as the same measure
    expect(confusionWords(1000, 'test', 926, 17_508)).toBe(
      'Confusion on 1000 test rows: 926 right (92.6%), the weights after step 17,508',
    );
    expect(confusionWords(80, 'training', 80, null)).toBe('Confusion on 80 training rows: 80 right (100.0%)');
  });
});

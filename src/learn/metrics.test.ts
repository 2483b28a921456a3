/**
 * Accuracy as the trainer and the panel read it (metrics.ts): per row for a class label, per
 * labelled position for a sequence set's [T, V] one-hot labels.
 */
import { describe, expect, it } from 'vitest';
import { makeDataset } from '../data/dataset';
import { labelReading, Tally } from './metrics';

const T = 3;
const V = 4;
const oneHot = (targets: number[]) => targets.flatMap((k) => Array.from({ length: V }, (_, j) => (j === k ? 1 : 0)));
/** Logits whose argmax is `guesses[p]` at each position. */
const logitsFor = (guesses: number[]) =>
  guesses.flatMap((k) => Array.from({ length: V }, (_, j) => (j === k ? 2 : -1 + j * 0.1)));

function sequenceSet(targets: number[]) {
  const n = targets.length / T;
  return makeDataset({
    name: 'windows',
    description: 'test windows',
    task: 'classification',
    featureShape: [T],
    labelShape: [T, V],
    labelEncoding: 'onehot',
    classes: ['a', 'b', 'c', 'd'],
    features: new Float32Array(n * T),
    labels: Float32Array.from(oneHot(targets)),
  });
}

describe('accuracy on sequence sets', () => {
  it('reads each position by its argmax over V and skips the all-zero (prompt) rows', () => {
    // −1: a prompt position, label row all zero. Two windows, four labelled positions.
    const targets = [-1, 2, 0, -1, -1, 3];
    const ds = sequenceSet(targets);
    const reading = labelReading(ds, true);
    expect(reading).toMatchObject({ positions: T, width: V, classes: V });
    // Right at 2 and 3, wrong at 0; the prompt positions' guesses do not count.
    const predictions = logitsFor([1, 2, 1, 0, 0, 3]);
    const tally = new Tally(reading).add([1, 1], predictions, ds.labels, 2);
    expect(tally.lastAccuracy).toBe(2 / 3);
    const m = tally.read();
    expect(m.accuracy).toBe(2 / 3);
    expect(m.n).toBe(2);
    expect(m.loss).toBe(1);
    expect(m.confusion?.flat().reduce((s, v) => s + v, 0)).toBe(3);
    expect(m.confusion?.[0][1]).toBe(1);
  });

  it('sums positions, not windows, over runs; a run of prompts only has no accuracy', () => {
    const ds = sequenceSet([-1, -1, -1, 1, 1, 1]);
    const reading = labelReading(ds, true);
    const tally = new Tally(reading);
    tally.add([0], logitsFor([0, 0, 0]), ds.labels.subarray(0, T * V), 1);
    expect(tally.lastAccuracy).toBeNull();
    tally.add([0], logitsFor([1, 0, 1]), ds.labels.subarray(T * V), 1);
    expect(tally.lastAccuracy).toBe(2 / 3);
    expect(tally.read().accuracy).toBe(2 / 3);
  });

  it('a class label of one row still reads one class per row', () => {
    const ds = makeDataset({
      name: 'rows',
      description: 'test rows',
      task: 'classification',
      featureShape: [1],
      labelShape: [V],
      labelEncoding: 'onehot',
      features: new Float32Array(2),
      labels: Float32Array.from(oneHot([3, 0])),
    });
    const reading = labelReading(ds, true);
    expect(reading).toMatchObject({ positions: 1, width: V });
    expect(new Tally(reading).add([0, 0], logitsFor([3, 1]), ds.labels, 2).read().accuracy).toBe(1 / 2);
  });
});

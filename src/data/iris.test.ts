import { describe, expect, it } from 'vitest';
import { subset } from './dataset';
import { loadIris, loadIrisTwoClass, splitPerClass } from './iris';
import { loadIrisZ2, thermometerThresholds } from './irisZ2';
import { classCounts, classIndices } from './labels';

describe('Iris', () => {
  it('has 150 rows, 4 features and 3 balanced one-hot classes', () => {
    const iris = loadIris();
    expect([iris.n, iris.features.length, iris.labels.length]).toEqual([150, 600, 450]);
    expect(iris.classes).toEqual(['setosa', 'versicolor', 'virginica']);
    expect(classCounts(iris)).toEqual([50, 50, 50]);
    for (let r = 0; r < 150; r++) expect(iris.labels.subarray(3 * r, 3 * r + 3).reduce((s, v) => s + v, 0)).toBe(1);
    expect([...iris.features.subarray(0, 4)]).toEqual([5.1, 3.5, 1.4, 0.2].map(Math.fround));
  });

  it('two-class Iris is setosa vs versicolor, 50 each', () => {
    const two = loadIrisTwoClass();
    expect(two.n).toBe(100);
    expect(two.classes).toEqual(['setosa', 'versicolor']);
    expect(two.labelShape).toEqual([2]);
    expect(classCounts(two)).toEqual([50, 50]);
    expect(two.features).toEqual(loadIris().features.subarray(0, 400));
  });

  it('splits per class as RDA does: the first 25 of each class train', () => {
    const { train, test } = splitPerClass(loadIris(), 25);
    expect([train.n, test.n]).toEqual([75, 75]);
    expect(classCounts(train)).toEqual([25, 25, 25]);
    expect([...train.features.subarray(0, 4)]).toEqual([...loadIris().features.subarray(0, 4)]);
  });

  it('sorts by class first, stably: rows of mixed classes split class after class, in file order', () => {
    const iris = loadIris();
    const mixed = subset(iris, [60, 0, 61, 1, 2, 62]); // versicolor, setosa, …
    const { train, test } = splitPerClass(mixed, 2);
    const first = (ds: typeof iris) => Array.from({ length: ds.n }, (_, r) => ds.features[r * 4]);
    expect(first(train)).toEqual([0, 1, 60, 61].map((r) => iris.features[r * 4]));
    expect(first(test)).toEqual([2, 62].map((r) => iris.features[r * 4]));
  });
});

describe('Iris over ℤ₂', () => {
  it('by default thresholds each feature at the midpoint of its range (RDA)', () => {
    const z2 = loadIrisZ2();
    const iris = loadIris();
    expect(z2.featureShape).toEqual([4]);
    expect(z2.task).toBe('boolean');
    for (let f = 0; f < 4; f++) {
      const column = Array.from({ length: 150 }, (_, r) => iris.features[4 * r + f]);
      const mid = (Math.min(...column) + Math.max(...column)) / 2;
      column.forEach((v, r) => {
        // float32 storage can blur a value lying on the midpoint; none of Iris's does.
        expect(z2.features[4 * r + f]).toBe(v > mid ? 1 : 0);
      });
    }
    expect(z2.featureNames?.[0]).toBe('sepal length > 6.100');
    expect(classIndices(z2)).toEqual(classIndices(iris));
  });

  it('writes k-bit thermometer codes at quantiles, and binary class labels', () => {
    const z2 = loadIrisZ2({ bitsPerFeature: 3, thresholds: 'quantile', labelEncoding: 'bits' });
    expect(z2.featureShape).toEqual([12]);
    for (let i = 0; i < z2.n * 4; i++) {
      const [a, b, c] = z2.features.subarray(3 * i, 3 * i + 3);
      expect(a >= b && b >= c).toBe(true);
    }
    expect(z2.labelShape).toEqual([2]);
    expect([...z2.labels.subarray(0, 2)]).toEqual([0, 0]);
    expect([...z2.labels.subarray(2 * 50, 2 * 51)]).toEqual([0, 1]);
    expect([...z2.labels.subarray(2 * 100, 2 * 101)]).toEqual([1, 0]);
  });

  it('two-class ℤ₂ Iris fits thresholds on its 100 rows, with one label bit', () => {
    const z2 = loadIrisZ2({ classes: 2, labelEncoding: 'bits' });
    expect([z2.n, z2.labelShape[0]]).toEqual([100, 1]);
    expect(classCounts(z2)).toEqual([50, 50]);
    for (const v of z2.features) expect(v === 0 || v === 1).toBe(true);
  });

  it('places quantile thresholds evenly through the sorted values', () => {
    expect(thermometerThresholds([4, 1, 3, 2, 5], 1, 'quantile')).toEqual([3]);
    expect(thermometerThresholds([0, 10], 4, 'equal-width')).toEqual([2, 4, 6, 8]);
    expect(thermometerThresholds([0, 1, 2, 3, 4], 3, 'quantile')).toEqual([1, 2, 3]);
  });
});

describe('iris-z2 rows 35 and 38', () => {
  it('are Fisher’s corrected values by default and the UCI file’s on request; only those rows differ', () => {
    const bits = (rows: 'uci' | 'corrected') => loadIrisZ2({ classes: 3, rows }).features;
    const [uci, corrected] = [bits('uci'), bits('corrected')];
    const differ = Array.from({ length: 150 }, (_, r) => r).filter((r) =>
      [0, 1, 2, 3].some((f) => uci[r * 4 + f] !== corrected[r * 4 + f]),
    );
    // row 38 (index 37): sepal width 3.6 is above the middle of 2.0…4.4, the UCI file's 3.1 is not
    expect(differ).toEqual([37]);
    expect(Array.from(corrected.subarray(37 * 4, 38 * 4))).toEqual([0, 1, 0, 0]);
    expect(Array.from(uci.subarray(37 * 4, 38 * 4))).toEqual([0, 0, 0, 0]);
  });
});

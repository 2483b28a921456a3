import { describe, expect, it } from 'vitest';
import { makeDataset } from '../data/dataset';
import { loadIris } from '../data/iris';
import { checkPoints, poolBinding, pooledDataset, poolProblem, readPool, writePool } from './pool';
import { PLANE, poolShapeOf, readPoolShape } from './poolShape';

describe('the pool’s shape', () => {
  it('is Iris’s own names, and each feature’s range is the data’s widened by a tenth of its span', () => {
    const shape = poolShapeOf(loadIris());
    if (typeof shape === 'string') throw new Error(shape);
    expect(shape.features).toEqual(['sepal length', 'sepal width', 'petal length', 'petal width']);
    expect(shape.classes).toHaveLength(3);
    expect(shape.encoding).toBe('onehot');
    // Sepal length runs 4.3…7.9 in Iris: a span of 3.6, so 3.94…8.26.
    expect(shape.min[0]).toBeCloseTo(3.94, 5);
    expect(shape.max[0]).toBeCloseTo(8.26, 5);
    expect(readPoolShape(JSON.parse(JSON.stringify(shape)))).toEqual(shape);
  });

  it('pools Iris points of three classes into a dataset and binding of Iris’s shape, refusing bad ones by name', () => {
    const shape = poolShapeOf(loadIris());
    if (typeof shape === 'string') throw new Error(shape);
    const raw = [
      [5.1, 3.5, 1.4, 0.2, 0],
      [6.0, 2.9, 4.5, 1.5, 1],
      [20, 3, 5, 2, 2],
      [6.5, 3, 5.5, 2, 3],
      [6.5, 3, 5.5, 2],
      [6.5, 3, 5.5, 2, 2],
    ];
    const { points, problems } = checkPoints(raw, 'Ada', shape);
    expect(problems).toEqual([
      `Ada’s point 3 has sepal length = 20, not a number in ${shape.min[0]}…${shape.max[0]}`,
      `Ada’s point 4 has class 3, not one of 0 (${shape.classes[0]}), 1 (${shape.classes[1]}), 2 (${shape.classes[2]})`,
      'Ada’s point 5 is not [sepal length, sepal width, petal length, petal width, class]',
    ]);
    expect(poolProblem(points, shape)).toBeNull();
    expect(poolProblem(points.slice(0, 2), shape)).toContain(`class ${shape.classes[2]}`);
    const ds = pooledDataset(points, shape);
    expect(ds.featureShape).toEqual([4]);
    expect(Array.from(ds.labels)).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(poolBinding(points, shape)).toMatchObject({ rows: 3, features: shape.features, classes: shape.classes });
    expect(readPool(JSON.parse(JSON.stringify(writePool(points, shape))))).toEqual({ points, shape });
  });

  it('writes signed labels for a signed two-class dataset', () => {
    const ds = makeDataset({
      name: 'signed',
      description: '',
      task: 'classification',
      featureShape: [2],
      labelShape: [1],
      labelEncoding: 'signed',
      classes: ['neg', 'pos'],
      features: Float32Array.from([0, 0, 2, 4]),
      labels: Float32Array.from([-1, 1]),
    });
    const shape = poolShapeOf(ds);
    if (typeof shape === 'string') throw new Error(shape);
    expect(shape).toMatchObject({ features: ['x1', 'x2'], encoding: 'signed', min: [-0.2, -0.4], max: [2.2, 4.4] });
    expect(
      Array.from(
        pooledDataset(
          [
            [1, 1, 0],
            [1, 1, 1],
          ],
          shape,
        ).labels,
      ),
    ).toEqual([-1, 1]);
  });

  it('refuses a dataset that is no flat classifier of at most 16 features, with a sentence naming it', () => {
    const base = {
      name: 'wide',
      description: '',
      task: 'classification' as const,
      labelShape: [2],
      labelEncoding: 'onehot' as const,
      classes: ['a', 'b'],
      labels: new Float32Array(2),
    };
    const wide = makeDataset({ ...base, featureShape: [17], features: new Float32Array(17) });
    expect(poolShapeOf(wide)).toBe(
      'The class’s points cannot be pooled for “wide”: it has 17 features; a student types in at most 16.',
    );
    const image = makeDataset({ ...base, name: 'image', featureShape: [2, 2], features: new Float32Array(4) });
    expect(poolShapeOf(image)).toContain('“image”: its input is not a flat list');
    const reg = makeDataset({
      ...base,
      name: 'reg',
      task: 'regression',
      classes: undefined,
      featureShape: [1],
      features: new Float32Array(2),
      labelShape: [1],
      labelEncoding: 'real',
      labels: new Float32Array(2),
    });
    expect(poolShapeOf(reg)).toContain('“reg”: it is not a classifier’s dataset');
    expect(readPoolShape({ ...PLANE, features: [] })).toContain('features');
    expect(readPoolShape({ ...PLANE, encoding: 'bits' })).toContain('encoding');
  });
});

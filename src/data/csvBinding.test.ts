import { describe, expect, it } from 'vitest';
import { bindingShapes } from './binding';
import { readCsvBinding } from './csvBinding';

const binding = {
  name: 'points.csv',
  key: 'c4f1a2b3-9',
  rows: 4,
  features: ['x', 'y'],
  label: 'class',
  labelKind: 'classes',
  classes: ['a', 'b', 'c'],
};

describe('the CSV reference a document keeps', () => {
  it('gives the shapes of its columns: features, then one column per class', () => {
    expect(bindingShapes('csv', binding)).toEqual({
      featureShape: [2],
      labelShape: [3],
      task: 'classification',
    });
    const numeric = { ...binding, labelKind: 'numeric', classes: undefined };
    expect(bindingShapes('csv', numeric)).toEqual({ featureShape: [2], labelShape: [1], task: 'regression' });
  });

  it.each([
    [{ name: '' }, 'dataset.options.name is not a file name'],
    [{ key: 'A B' }, 'dataset.options.key is not a data key'],
    [{ rows: 0 }, 'dataset.options.rows is not a row count'],
    [{ features: [] }, 'dataset.options.features has 0 names, not 1…10000'],
    [{ features: ['x', 3] }, 'dataset.options.features[1] is not a column name'],
    [{ labelKind: 'class' }, 'dataset.options.labelKind is not "classes" or "numeric"'],
    [{ classes: 'a,b' }, 'dataset.options.classes is not a list of column names'],
    [{ standardise: 'yes' }, 'dataset.options.standardise is not true or false'],
  ])('refuses %j naming its path', (patch, message) => {
    expect(() => readCsvBinding({ ...binding, ...patch })).toThrow(message);
  });
});

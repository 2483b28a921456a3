/**
 * The data export's CSV back through the app's CSV import (docs/data-export.md, *Back into the
 * app*): its `split` column is found and taken as the split, so every row keeps its role and its
 * features, and exported again the file is the same.
 */
import { describe, expect, it } from 'vitest';
import { loadDatasetNode } from '../../data/catalogNode';
import { parseCsv } from '../../data/csv';
import { readCsvBinding } from '../../data/csvBinding';
import { CsvError } from '../../data/csvError';
import { peekCsv } from '../../data/csvPeek';
import { dataCsv, trainerSplit } from '../../data/dataCsv';
import { type Dataset, makeDataset } from '../../data/dataset';
import { csvBindingOf, csvImportOptions, guessRoles, rolesProblem, withRole } from './csvRoles';
import { splitTraining } from './useCsvImport';

/** A feature already named `split`: the export names its column `split_2`. */
function namedSplit(): Dataset {
  const n = 20;
  return makeDataset({
    name: 'named',
    description: 'a feature called split',
    task: 'classification',
    featureShape: [2],
    featureNames: ['split', 'b'],
    labelShape: [2],
    labelEncoding: 'onehot',
    classes: ['no', 'yes'],
    features: Float32Array.from({ length: n * 2 }, (_, i) => Math.fround(Math.sin(i) * 3)),
    labels: Float32Array.from({ length: n * 2 }, (_, i) => (i % 2 === Math.floor(i / 2) % 2 ? 1 : 0)),
  });
}

const CASES: [string, () => Promise<Dataset>, number][] = [
  ['iris, a fifth held out', () => loadDatasetNode('iris'), 0.2],
  ['plane (a regression target)', () => loadDatasetNode('plane', { n: 60 }), 0.3],
  ['iris, every row training', () => loadDatasetNode('iris'), 0],
  ['a feature named split', async () => namedSplit(), 0.25],
];

describe('a data export imported back', () => {
  it.each(CASES)('%s: same split, same features and labels, and the same file exported again', async (_, load, f) => {
    const cut = trainerSplit(await load(), 7, f);
    const text = dataCsv(cut);
    const peek = peekCsv(text);
    const roles = guessRoles(peek);
    expect(peek.header[peek.split]).toBe(f === 0.25 ? 'split_2' : 'split');
    expect(roles.roles[peek.split]).toBe('split');
    expect(rolesProblem(roles.roles)).toBeNull();
    const { dataset } = parseCsv(text, csvImportOptions('data.csv', peek.header, roles));
    expect(dataset.featureNames).toEqual(cut.train.featureNames ?? dataset.featureNames);
    expect(dataset.classes).toEqual(cut.train.classes);
    expect(dataset.heldOut).toBe(cut.test?.n ?? 0);
    const training = splitTraining(dataset);
    // any seed: the file's split, not a new shuffle
    const again = trainerSplit(dataset, 12345, training?.testFraction ?? -1);
    expect(again.train.features).toEqual(cut.train.features);
    expect(again.train.labels).toEqual(cut.train.labels);
    expect(again.test?.features).toEqual(cut.test?.features);
    expect(again.test?.labels).toEqual(cut.test?.labels);
    expect(dataCsv(again)).toBe(text);
  });

  it('keeps the split in the binding, and refuses a split that is not a column name', () => {
    const text = 'split,x,class\ntrain,1,a\ntest,2,b\ntrain,3,a\n';
    const peek = peekCsv(text);
    const roles = guessRoles(peek);
    const { dataset } = parseCsv(text, csvImportOptions('s.csv', peek.header, roles));
    const binding = csvBindingOf('s.csv', peek, roles, dataset);
    expect(binding.split).toBe('split');
    expect(readCsvBinding({ ...binding })).toEqual(binding);
    expect(() => readCsvBinding({ ...binding, split: 3 })).toThrow('dataset.options.split is not a column name');
    const unsplit = withRole(peek, roles, 0, 'ignore');
    expect(csvBindingOf('s.csv', peek, unsplit, dataset).key).not.toBe(binding.key);
    expect(Array.from(dataset.features)).toEqual([1, 3, 2]);
  });

  it('a column of other words is no split; named as one, its word is refused with row and column', () => {
    const text = 'split,x,class\ntrain,1,a\nvalidation,2,b\ntest,3,a\n';
    const peek = peekCsv(text);
    expect(peek.split).toBe(-1);
    expect(guessRoles(peek).roles[0]).toBe('ignore');
    const refused = (() => {
      try {
        parseCsv(text, { splitColumn: 'split' });
      } catch (e) {
        return e;
      }
    })();
    expect(refused).toBeInstanceOf(CsvError);
    expect(refused).toMatchObject({ row: 2, column: 'split', reason: '"validation" is not train or test' });
    expect(() => parseCsv('split,x,class\ntest,1,a\n', { splitColumn: 'split' })).toThrow(
      'no row is a training row (train)',
    );
    const valid = 'split,x,class\ntrain,1,a\ntest,2,b\n';
    expect(() => parseCsv(valid, { splitColumn: 'split', featureColumns: ['split', 'x'] })).toThrow(
      'the split column cannot also be a feature or the label',
    );
  });
});

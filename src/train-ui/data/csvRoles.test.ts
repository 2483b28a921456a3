import { describe, expect, it } from 'vitest';
import { bindingShapes } from '../../data/binding';
import { parseCsv } from '../../data/csv';
import { CSV_DATASET_ID } from '../../data/csvBinding';
import { peekCsv } from '../../data/csvPeek';
import { csvBindingOf, csvImportOptions, guessRoles, rolesProblem, withRole } from './csvRoles';
import { findCsv, keepCsv, trainingData } from './csvStore';

const TEXT = 'id,height,width,species\nA1,1.5,0.2,setosa\nB2,4.7,1.4,versicolor\nC3,6.0,2.5,virginica\n';

describe('the roles of a CSV’s columns', () => {
  it('guesses: the last column is the label, numeric columns are features, text is ignored', () => {
    const roles = guessRoles(peekCsv(TEXT));
    expect(roles).toEqual({
      roles: ['ignore', 'feature', 'feature', 'label'],
      labelKind: 'classes',
      standardise: false,
    });
  });

  it('reads a label of many distinct numbers as a number, of few as classes', () => {
    const many = ['x,y', ...Array.from({ length: 30 }, (_, i) => `${i},${i * 0.5}`)].join('\n');
    expect(guessRoles(peekCsv(many)).labelKind).toBe('numeric');
    const few = ['x,digit', ...Array.from({ length: 30 }, (_, i) => `${i},${i % 3}`)].join('\n');
    expect(guessRoles(peekCsv(few)).labelKind).toBe('classes');
  });

  it('keeps one label: choosing another demotes the old one', () => {
    const peek = peekCsv(TEXT);
    const r = withRole(peek, guessRoles(peek), 1, 'label');
    expect(r.roles).toEqual(['ignore', 'label', 'feature', 'ignore']);
    expect(rolesProblem(r.roles)).toBeNull();
    expect(rolesProblem(['feature', 'feature'])).toMatch(/one column as the label/);
    expect(rolesProblem(['label', 'ignore'])).toMatch(/at least one column as a feature/);
  });

  it('gives the import its options, and the document a reference that fits the rows', async () => {
    const peek = peekCsv(TEXT);
    const roles = guessRoles(peek);
    const options = csvImportOptions('flowers.csv', peek.header, roles);
    expect(options).toMatchObject({ featureColumns: ['height', 'width'], labelColumn: 'species' });
    const { dataset } = parseCsv(TEXT, options);
    const binding = csvBindingOf('flowers.csv', peek, roles, dataset);
    expect(binding).toMatchObject({ rows: 3, classes: ['setosa', 'versicolor', 'virginica'] });
    expect(bindingShapes(CSV_DATASET_ID, { ...binding })).toMatchObject({
      featureShape: dataset.featureShape,
      labelShape: dataset.labelShape,
    });
    const other = csvBindingOf('flowers.csv', peek, { ...roles, standardise: true }, dataset);
    expect(other.key).not.toBe(binding.key);
  });
});

describe('the rows of an imported CSV, kept by the app', () => {
  it('are found by key, and handed to training as a copy (the page keeps its own)', async () => {
    const peek = peekCsv(TEXT);
    const roles = guessRoles(peek);
    const { dataset } = parseCsv(TEXT, csvImportOptions('flowers.csv', peek.header, roles));
    const binding = csvBindingOf('flowers.csv', peek, roles, dataset);
    await keepCsv(binding.key, dataset);
    expect(await findCsv(binding.key)).toBe(dataset);
    const data = await trainingData({ id: CSV_DATASET_ID, options: { ...binding } });
    expect(data?.features).toEqual(dataset.features);
    expect(data?.features.buffer).not.toBe(dataset.features.buffer);
    expect(await trainingData({ id: 'xor', options: {} })).toBeUndefined();
  });

  it('say so, in words, when this browser does not have them', async () => {
    const binding = { name: 'away.csv', key: 'nowhere-1', rows: 3, features: ['a'], label: 'b', labelKind: 'numeric' };
    await expect(trainingData({ id: CSV_DATASET_ID, options: binding })).rejects.toThrow(
      'The rows of away.csv are not in this browser',
    );
  });
});

import Papa from 'papaparse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CsvOptions, parseCsv, readCsvColumns } from './csv';
import { CsvError } from './csvError';

const IRISH = 'sepal,petal,species\n5.1,1.4,setosa\n7.0,4.7,versicolor\n6.3,6.0,virginica\n4.9,1.4,setosa\n';

/** The CsvError `parseCsv(text)` throws, for checking its row, column and words. */
function rejection(text: string, options: CsvOptions = {}): CsvError {
  try {
    parseCsv(text, options);
  } catch (error) {
    if (error instanceof CsvError) return error;
    throw error;
  }
  throw new Error('parseCsv accepted the file');
}

afterEach(() => vi.restoreAllMocks());

describe('parseCsv accepts', () => {
  it('a header, numeric features, and class labels sorted into one-hot columns', () => {
    const { dataset, header } = parseCsv(IRISH);
    expect(header).toEqual(['sepal', 'petal', 'species']);
    expect(dataset.n).toBe(4);
    expect(dataset.featureNames).toEqual(['sepal', 'petal']);
    expect(dataset.classes).toEqual(['setosa', 'versicolor', 'virginica']);
    expect([...dataset.features]).toEqual([5.1, 1.4, 7, 4.7, 6.3, 6, 4.9, 1.4].map(Math.fround));
    expect([...dataset.labels.subarray(0, 6)]).toEqual([1, 0, 0, 0, 1, 0]);
  });

  it('chosen feature columns, a numeric target, and standardisation', () => {
    const { dataset, standardiser } = parseCsv(IRISH.replace(/setosa|versicolor|virginica/g, '2'), {
      featureColumns: ['petal'],
      labelColumn: 'sepal',
      labelKind: 'numeric',
      standardise: true,
    });
    expect(dataset.task).toBe('regression');
    expect([...dataset.labels]).toEqual([5.1, 7, 6.3, 4.9].map(Math.fround));
    expect(standardiser?.mean[0]).toBeCloseTo(3.375, 5);
    expect(dataset.features.reduce((s, v) => s + v, 0)).toBeCloseTo(0, 5);
  });

  it('numeric class labels in numeric order, quotes, CRLF, a BOM, blank lines and semicolons', () => {
    const { dataset } = parseCsv('\uFEFF"a";"b"\r\n1;10\r\n\r\n2;9\r\n"3";2\r\n');
    expect(dataset.classes).toEqual(['2', '9', '10']);
    expect([...dataset.features]).toEqual([1, 2, 3]);
  });

  it('a header read on its own, for choosing columns', () => {
    expect(readCsvColumns(IRISH)).toEqual(['sepal', 'petal', 'species']);
  });
});

describe('parseCsv rejects, naming row and column', () => {
  type Case = [string, string, { row?: number; column?: string }, RegExp, CsvOptions?];
  it.each<Case>([
    ['a ragged row', 'a,b,c\n1,2,x\n3,4\n', { row: 2 }, /has 2 cells, but the header has 3 columns/],
    ['a long row', 'a,b,c\n1,2,x\n3,4,y,5\n', { row: 2 }, /has 4 cells/],
    ['a non-numeric cell', 'a,b,c\n1,2,x\n3,four,y\n', { row: 2, column: 'b' }, /"four" is not a number/],
    ['NaN', 'a,b,c\n1,NaN,x\n', { row: 1, column: 'b' }, /NaN/],
    ['1e999', 'a,b,c\n1,2,x\n1e999,2,y\n', { row: 2, column: 'a' }, /"1e999" overflows to Infinity/],
    ['Infinity', 'a,b,c\n-Infinity,2,x\n', { row: 1, column: 'a' }, /infinite/],
    ['a float32 overflow', 'a,b,c\n1e39,2,x\n', { row: 1, column: 'a' }, /float32 range/],
    ['an empty cell', 'a,b,c\n1,,x\n', { row: 1, column: 'b' }, /empty cell/],
    ['hex', 'a,b,c\n0x10,1,x\n', { row: 1, column: 'a' }, /not a number/],
    ['an empty label', 'a,b,c\n1,2, \n', { row: 1, column: 'c' }, /empty label/],
    [
      'a bad numeric target',
      'a,b,c\n1,2,x\n',
      { row: 1, column: 'c' },
      /"x" is not a number/,
      { labelKind: 'numeric' },
    ],
    ['a row after blank lines, counted', 'a,b,c\n1,2,x\n\n\n1,z,x\n', { row: 4, column: 'b' }, /"z"/],
    ['an empty file', '', {}, /empty file/],
    ['a blank file', ' \n\n  \n', {}, /empty file/],
    ['only a quoted newline, after a byte-order mark', '\uFEFF"\n"\n', {}, /empty file/],
    ['a header without rows', 'a,b,c\n\n', {}, /no data rows/],
    ['a duplicate header', 'a,b,a\n1,2,3\n', { column: 'a' }, /duplicate header: columns 1 and 3/],
    ['a __proto__ header', '__proto__,b\n1,2\n', { column: '__proto__' }, /not allowed as a column name/],
    ['a constructor header', 'a,constructor\n1,2\n', { column: 'constructor' }, /not allowed/],
    ['a prototype header', 'prototype,b\n1,2\n', { column: 'prototype' }, /not allowed/],
    ['an unnamed column', 'a,,c\n1,2,3\n', {}, /column 2 has no name/],
    ['a missing header', '1,2,3\n4,5,6\n', {}, /header row of column names is required/],
    ['an unknown column', IRISH, { column: 'width' }, /no such column/, { featureColumns: ['width'] }],
    [
      'the label as a feature',
      IRISH,
      { column: 'species' },
      /cannot also be a feature/,
      { featureColumns: ['species'] },
    ],
    ['an unclosed quote', 'a,b\n1,"2\n', { row: 1 }, /malformed CSV/],
    // Catches the mutant that drops the row offset in csvHeader.ts (`problem.row` for
    // `problem.row - first`): with two blank lines before the header, papaparse says row 3.
    ['an unclosed quote after blank lines', '\n\na,b\n1,"2\n', { row: 1 }, /malformed CSV/],
    ['an unclosed quote after blank lines and a good row', '\n \na,b\n1,2\n\n3,"4\n', { row: 3 }, /malformed CSV/],
  ])('%s', (_, text, where, message, options = {}) => {
    const error = rejection(text, options);
    expect({ row: error.row, column: error.column }).toEqual({ row: undefined, column: undefined, ...where });
    expect(error.message).toMatch(message);
    if (where.row !== undefined) expect(error.message).toMatch(new RegExp(`^row ${where.row}`));
    if (where.column !== undefined) expect(error.message).toContain(`column "${where.column}"`);
  });

  it('an oversized file before parsing it', () => {
    const parse = vi.spyOn(Papa, 'parse');
    expect(rejection(IRISH, { maxBytes: 20 }).message).toMatch(/over the 0.0 MB size limit/);
    expect(rejection('a,b\n1,ü\n', { maxBytes: 8 }).message).toMatch(/size limit/);
    expect(parse).not.toHaveBeenCalled();
    const big = `a,b\n${'1,2\n'.repeat(6 * 1024 * 1024)}`;
    expect(rejection(big).message).toMatch(/over the 20.0 MB size limit/);
    expect(parse).not.toHaveBeenCalled();
    parseCsv(IRISH);
    expect(parse).toHaveBeenCalled(); // the spy does see the parser, so its silence above means something
  });

  it('too many classes, suggesting a numeric target', () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `${i},${i}`).join('\n');
    expect(rejection(`a,b\n${rows}\n`).message).toMatch(/more than 1000 distinct classes/);
  });
});

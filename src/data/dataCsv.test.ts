/** A dataset's export read back: the raw rows prepare to exactly the trainer's rows (docs/data-export.md). */
import { describe, expect, it } from 'vitest';
import { readCsvTable } from './csvHeader';
import { dataCsv, dataDescription, dataFiles, trainerSplit } from './dataCsv';
import { type Dataset, makeDataset } from './dataset';
import { loadIris } from './iris';
import { loadIrisZ2 } from './irisZ2';
import { classCounts, classIndices, NO_CLASS, positionClasses } from './labels';
import { readNumberText } from './numberText';
import { matchColumns, type Preparation, prepare } from './preparation';
import { additionDataset, reverseDataset } from './sequenceTasks';
import { syntheticDataset } from './synthetic';

/** The CSV's rows of one split, prepared as the description says, and their label cells. */
function readBack(text: string, p: Preparation, split: 'train' | 'test') {
  const table = readCsvTable(text);
  const order = matchColumns(
    p,
    table.header.filter((h) => p.features.includes(h)),
  );
  if (!order.ok) throw new Error(order.error);
  const at = p.features.map((f) => table.index.get(f) as number);
  const rows = table.records.filter((r) => r.cells[table.index.get('split') as number] === split);
  const raw = rows.map((r) =>
    at.map((c) => {
      const read = readNumberText(r.cells[c]);
      if (!read.ok) throw new Error(read.reason);
      return read.value;
    }),
  );
  return { header: table.header, prepared: prepare(p, raw), last: rows.map((r) => r.cells[r.cells.length - 1]) };
}

const expectExport = (ds: Dataset, seed: number, testFraction: number) => {
  const split = trainerSplit(ds, seed, testFraction);
  const text = dataCsv(split);
  const { preparation: p } = dataDescription(split, { id: 'x' });
  for (const part of ['train', 'test'] as const) {
    const rows = split[part];
    const back = readBack(text, p, part);
    if (!rows) {
      expect(back.prepared).toHaveLength(0);
      continue;
    }
    expect(back.prepared).toEqual(rows.features);
  }
  return { text, split };
};

describe('a dataset exported as CSV', () => {
  it('Iris: the measurements as written, the species by name, the trainer’s split', () => {
    const { text, split } = expectExport(loadIris(), 7, 0.2);
    const lines = text.split('\n');
    expect(lines[0]).toBe('split,sepal length,sepal width,petal length,petal width,class');
    expect(lines).toHaveLength(1 + 150 + 1);
    expect(lines.filter((l) => l.startsWith('test,'))).toHaveLength(30);
    expect(text).toContain(',5.1,3.5,1.4,0.2,setosa\n');
    expect(dataDescription(split, { id: 'iris' })).toMatchObject({
      format: 'lensboard-data',
      dataset: { id: 'iris', name: 'iris' },
      split: { column: 'split', seed: 7, testFraction: 0.2, train: 120, test: 30 },
      label: { kind: 'class', columns: ['class'] },
    });
  });

  it('MNIST-like grey levels divided by 255 come back as whole numbers', () => {
    const levels = [0, 1, 128, 254, 255, 37];
    const ds = makeDataset({
      name: 'digits',
      description: '',
      task: 'classification',
      featureShape: [3],
      labelShape: [2],
      labelEncoding: 'onehot',
      classes: ['0', '1'],
      preparation: {
        features: ['pixel0', 'pixel1', 'pixel2'],
        encoding: { kind: 'divide', by: 255 },
        classes: { names: ['0', '1'], encoding: 'onehot' },
      },
      features: prepare(
        { features: ['a', 'b', 'c'], encoding: { kind: 'divide', by: 255 } },
        Float64Array.from(levels),
      ),
      labels: Float32Array.from([1, 0, 0, 1]),
    });
    const { text } = expectExport(ds, 1, 0);
    expect(text).toBe('split,pixel0,pixel1,pixel2,class\ntrain,0,1,128,0\ntrain,254,255,37,1\n');
  });

  it('iris-z2 keeps its raw rows, since thresholds cannot give them back', () => {
    const ds = loadIrisZ2({ classes: 2, bitsPerFeature: 2, labelEncoding: 'bits' });
    const { text } = expectExport(ds, 3, 0.3);
    expect(text.split('\n')[0]).toBe('split,sepal length,sepal width,petal length,petal width,class');
    const { rawFeatures: _, ...forgotten } = ds;
    expect(() => dataCsv(trainerSplit(forgotten, 3, 0))).toThrow(
      'iris-z2: its raw rows are not kept, and ℤ₂ thresholds cannot give them back',
    );
  });

  it('a regression target is a column of numbers; a feature’s name is never taken twice', () => {
    const ds = syntheticDataset('plane', { n: 20 });
    const { text, split } = expectExport(ds, 2, 0.25);
    expect(text.split('\n')[0]).toBe('split,x,y,target');
    const renamed = { ...ds, featureNames: ['split', 'target'] };
    expect(dataDescription(trainerSplit(renamed, 1, 0), { id: 'p' })).toMatchObject({
      split: { column: 'split_2' },
      label: { kind: 'values', columns: ['target_2'] },
    });
    expect(split.test?.n).toBe(5);
  });

  it('names its two files after the dataset', () => {
    const files = dataFiles(trainerSplit(loadIris(), 1, 0), { id: 'iris' });
    expect([files.csv.name, files.json.name]).toEqual(['iris.csv', 'iris.preparation.json']);
    expect(JSON.parse(files.json.text).split).toMatchObject({ train: 150, test: 0, testFraction: 0 });
  });

  it('a sequence set: the token ids per position, the id each position learns, the vocabulary beside', () => {
    const ds = reverseDataset({ length: 3, examples: 12, seed: 5 });
    const split = trainerSplit(ds, 4, 0.25);
    const { csv, json } = dataFiles(split, { id: 'reverse', options: { length: 3 } });
    const lines = csv.text.trimEnd().split('\n');
    expect(lines[0]).toBe('split,char0,char1,char2,char3,char4,char5,next0,next1,next2,next3,next4,next5');
    const described = JSON.parse(json.text);
    expect(described.label).toEqual({
      kind: 'tokens',
      columns: ['next0', 'next1', 'next2', 'next3', 'next4', 'next5'],
      untrained: NO_CLASS,
    });
    const symbols: string[] = described.preparation.tokens.symbols;
    // every row reads back as its window: "abc|cba" less the last, the answer learnt after the bar
    const rows = [...(split.train ? [split.train] : []), ...(split.test ? [split.test] : [])];
    let line = 1;
    for (const part of rows)
      for (let r = 0; r < part.n; r++, line++) {
        const cells = lines[line].split(',');
        const ids = cells.slice(1, 7).map(Number);
        const next = cells.slice(7).map(Number);
        expect(ids).toEqual(Array.from(part.features.subarray(r * 6, (r + 1) * 6)));
        expect(next.slice(0, 3)).toEqual([NO_CLASS, NO_CLASS, NO_CLASS]);
        const text = ids.map((i) => symbols[i]).join('');
        const answer = next
          .slice(3)
          .map((i) => symbols[i])
          .join('');
        expect(`${text}${answer.slice(-1)}`).toMatch(/^[a-d]{3}\|[a-d]{3}$/);
        expect(answer).toBe([...text.slice(0, 3)].reverse().join('').slice(0, 3));
      }
    expect(line).toBe(13);
  });

  it('classes of a sequence set are per position: counted over trained positions, refused per row', () => {
    const ds = additionDataset({ digits: 2, examples: 20, seed: 3 });
    const [T] = ds.labelShape;
    const per = positionClasses(ds);
    expect(per).toHaveLength(20 * T);
    const trained = [...per].filter((c) => c !== NO_CLASS);
    expect(trained).toHaveLength(20 * (T - 5)); // the 3 digits of the sum are learnt
    expect(classCounts(ds).reduce((a, b) => a + b)).toBe(trained.length);
    expect(() => classIndices(ds)).toThrow(
      /addition: a row's label is a class for each of its 8 positions, not one class/,
    );
    expect(() => positionClasses(loadIris())).toThrow(/not a one-hot class per position/);
  });
});

/**
 * train.py prepares raw rows itself (docs/data-export.md), through the machine's torch
 * (/usr/bin/python3, Debian's python3-torch), in one Python process:
 *   - the gallery's MNIST MLP trained 3 steps on raw grey levels, as the data export writes them
 *     (with a split column, of which it keeps the train rows), ends on exactly the weights it
 *     ends on from the same rows prepared (pixels / 255, by position, --prepared);
 *   - its `prepare` gives Lensboard's prepared values bit for bit for every encoding;
 *   - its raw reader gives the trainer's rows of a split for class labels one-hot, ±1 and in
 *     bits, ℤ₂ thresholds, regression targets and a sequence set's token per position, and class
 *     and column names the writer guarded against spreadsheet formulas as they were.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadDatasetNode } from '../../data/catalogNode';
import { csvLine, float32Text } from '../../data/csvWrite';
import { dataCsv, dataFiles, trainerSplit } from '../../data/dataCsv';
import { type Dataset, featureSize, labelSize, makeDataset, subset } from '../../data/dataset';
import { type Preparation, preparationOf, prepare } from '../../data/preparation';
import { loadExample } from '../../io/examples/index';
import { documentModelFile } from '../../model/documentModelFile';
import { exportGraph } from '../graph';
import { wholeData } from '../targets';
import { pytorchTarget } from './index';

const PYTHON = '/usr/bin/python3';

/** Raw values a loader meets, and their preparations: every encoding, awkward divisors and statistics. */
const RAW = [
  [5.1, 3.5, 1.4, 0.2],
  [7.7, 2.6, 6.9, 2.3],
  [0, 255, 128, 37],
  [-1e-3, 1e6, 3.3333333, 0.1],
];
const PREPARATIONS: Preparation[] = [
  { features: ['a', 'b', 'c', 'd'], encoding: { kind: 'identity' } },
  { features: ['a', 'b', 'c', 'd'], encoding: { kind: 'divide', by: 255 } },
  { features: ['a', 'b', 'c', 'd'], encoding: { kind: 'divide', by: 7 } },
  {
    features: ['a', 'b', 'c', 'd'],
    encoding: {
      kind: 'standardise',
      mean: [5.843333, 3.0573, 3.758, 1.199333],
      std: [0.825301, 0.434411, 1.759404, 0.759693],
    },
  },
  {
    features: ['a', 'b', 'c', 'd'],
    encoding: { kind: 'thermometer', thresholds: [[5.1, 6.1], [3.5], [1.4, 4, 5.2], [0.2]] },
  },
];

/** Datasets of every label kind, read back by train.py's raw reader from their data export. */
const READS = [
  { id: 'iris-z2', options: { classes: 3, bitsPerFeature: 2, labelEncoding: 'bits' }, split: 'test' },
  { id: 'xor', options: { n: 40, labelKind: 'scalar', scalar: 'signed' }, split: 'train' },
  { id: 'plane', options: { n: 30 }, split: 'all' },
  { id: 'iris', options: {}, split: 'train' },
  { id: 'reverse', options: { length: 3, examples: 40 }, split: 'all' },
  { id: 'formulas', options: {}, split: 'all' },
] as const;

/** Classes and a column named as spreadsheet formulas, written guarded (docs/data-export.md, *Formulas*). */
function formulas(): Dataset {
  const classes = ['=cmd|calc', '-2+3', '@SUM(A1)', "'quoted"];
  const n = 12;
  const labels = new Float32Array(n * classes.length);
  for (let r = 0; r < n; r++) labels[r * classes.length + (r % classes.length)] = 1;
  return makeDataset({
    name: 'formulas',
    description: 'class names a spreadsheet would run',
    task: 'classification',
    featureShape: [2],
    featureNames: ['+x', 'y'],
    labelShape: [classes.length],
    labelEncoding: 'onehot',
    classes,
    features: Float32Array.from({ length: n * 2 }, (_, i) => i / 4 - 1),
    labels,
  });
}

let answer: {
  raw: string;
  prepared: string;
  start: string;
  prepare: number[][];
  reads: { x: number[]; y: number[] }[];
};
let wanted: { x: number[]; y: number[] }[];

beforeAll(async () => {
  const tmp = mkdtempSync(join(tmpdir(), 'lensboard-raw-rows-'));
  const pkg = join(tmp, 'pkg');
  mkdirSync(pkg);
  const mnist = await loadDatasetNode('mnist');
  const rows = subset(
    mnist,
    Uint32Array.from({ length: 48 }, (_, i) => i * 197),
  );
  const split = trainerSplit(rows, 5, 0.25);
  const { file, weights } = documentModelFile(loadExample('mnist-mlp'));
  const withData = {
    ...file,
    trainingConfig: {
      ...file.trainingConfig,
      dataset: { ...file.trainingConfig.dataset, preparation: preparationOf(mnist) },
    },
  };
  for (const f of pytorchTarget.write(exportGraph(withData, weights)))
    writeFileSync(join(pkg, f.path), wholeData(f.data));
  writeFileSync(join(tmp, 'raw.csv'), dataCsv(split));
  // the train rows prepared, by position, under a header that names no raw column
  const [fw, lw] = [featureSize(split.train), labelSize(split.train)];
  const header = [...Array.from({ length: fw }, (_, i) => `f${i}`), ...Array.from({ length: lw }, (_, i) => `y${i}`)];
  const lines = Array.from({ length: split.train.n }, (_, r) =>
    csvLine([
      ...Array.from(split.train.features.subarray(r * fw, (r + 1) * fw), float32Text),
      ...Array.from(split.train.labels.subarray(r * lw, (r + 1) * lw), float32Text),
    ]),
  );
  writeFileSync(join(tmp, 'prepared.csv'), `${csvLine(header)}\n${lines.join('\n')}\n`);
  const reads = [];
  wanted = [];
  for (const [i, r] of READS.entries()) {
    const ds = r.id === 'formulas' ? formulas() : await loadDatasetNode(r.id, { ...r.options });
    const cut = trainerSplit(ds, 11, 0.3);
    const files = dataFiles(cut, { id: r.id, options: { ...r.options } });
    writeFileSync(join(tmp, `${i}.csv`), files.csv.text);
    writeFileSync(join(tmp, `${i}.json`), files.json.text);
    const parts = r.split === 'all' ? [cut.train, cut.test] : [r.split === 'train' ? cut.train : cut.test];
    wanted.push({
      x: parts.flatMap((d) => (d ? Array.from(d.features) : [])),
      y: parts.flatMap((d) => (d ? Array.from(d.labels) : [])),
    });
    reads.push({ split: r.split, featureShape: ds.featureShape, labelShape: ds.labelShape });
  }
  writeFileSync(join(tmp, 'request.json'), JSON.stringify({ raw: RAW, preparations: PREPARATIONS, reads }));
  const script = `
import json, sys
import numpy as np
tmp = sys.argv[1]
sys.path.insert(0, tmp + "/pkg")
import torch
import train
common = ["--steps", "3", "--batch-size", "8", "--epochs", "1", "--quiet"]
train.main([tmp + "/raw.csv", "--out", tmp + "/raw.safetensors"] + common)
train.main([tmp + "/prepared.csv", "--prepared", "--out", tmp + "/prepared.safetensors"] + common)
request = json.load(open(tmp + "/request.json"))
raw = np.array(request["raw"], dtype=np.float64)
prepared = [train.prepare(p, raw).ravel().tolist() for p in request["preparations"]]
reads = []
for i, r in enumerate(request["reads"]):
    train.INPUT_SHAPES = [tuple(r["featureShape"])]
    train.LABEL_SHAPE = tuple(r["labelShape"])
    path = f"{tmp}/{i}.csv"
    (x, y), how = train.read_csv(path, torch.float64, train.parse([path, "--preparation", f"{tmp}/{i}.json", "--split", r["split"]]))
    assert how == "raw", how
    reads.append({"x": x.ravel().tolist(), "y": y.ravel().tolist()})
json.dump({"prepare": prepared, "reads": reads}, open(tmp + "/prepare.json", "w"))
`;
  const run = spawnSync(PYTHON, ['-c', script, tmp], { cwd: tmp, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${PYTHON} train.py failed (${run.status}):\n${run.stderr}`);
  const hex = (name: string) => readFileSync(join(tmp, name)).toString('hex');
  answer = {
    raw: hex('raw.safetensors'),
    prepared: hex('prepared.safetensors'),
    start: hex('pkg/weights.safetensors'),
    ...JSON.parse(readFileSync(join(tmp, 'prepare.json'), 'utf8')),
  };
}, 120_000);

describe('train.py on raw rows', () => {
  it('trains MNIST from raw grey levels to exactly the weights it reaches from prepared rows', () => {
    expect(answer.raw).toBe(answer.prepared);
    expect(answer.raw).not.toBe(answer.start);
  });

  it.each(READS.map((r, i) => [`${r.id}, ${r.split} rows`, i] as const))(
    'reads the raw rows of %s by name: features, classes and targets as the trainer has them',
    (_, i) => {
      expect(answer.reads[i].x).toEqual(wanted[i].x);
      expect(answer.reads[i].y).toEqual(wanted[i].y);
    },
  );

  it.each(PREPARATIONS.map((p, i) => [`${p.encoding.kind} (${i})`, i] as const))(
    'prepares as Lensboard does: %s',
    (_, i) => {
      expect(answer.prepare[i]).toEqual(Array.from(prepare(PREPARATIONS[i], RAW)));
    },
  );
});

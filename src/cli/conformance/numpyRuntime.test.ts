/**
 * The suite's second, independent implementation (conformance/numpy/, written from
 * docs/model-format.md, docs/generators.md and conformance/README.md alone) answers every case
 * of the committed suite, and the conformance judge passes each answer: the docs are enough to
 * implement the format, and a change to the format that the docs do not follow fails here.
 * What the suite's files do not hold — groups, a tied group, a preparation, the 2.0 archive,
 * files of every version — it is held to on the version fixtures (src/io/fixtures/), against
 * Lensboard's loadModel on the same raw rows.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesSource } from '../../io/modelArchive';
import { loadOpened } from '../../model/modelRuntime';
import { openSource } from '../../model/openFile';
import { NUMPY_RUNTIME, numpyRuntime } from './numpyRuntime';
import { PYTHON } from './pytorchRuntime';
import { reportLines, runSuite } from './run';
import { suiteInFolder } from './suiteFiles';

const suite = suiteInFolder(join(import.meta.dirname, '..', '..', '..', 'conformance'));

describe('the numpy runtime on the conformance suite', () => {
  it('passes every case, refusing none', async () => {
    const results = await runSuite(suite, numpyRuntime);
    expect(results).toHaveLength(suite.manifest.cases.length);
    expect(reportLines('numpy', results).filter((l) => !l.startsWith('pass'))).toEqual([
      `numpy: ${results.length} cases, ${results.length} passed, 0 failed, 0 refused`,
    ]);
  }, 60_000);
});

const fixtures = join(import.meta.dirname, '..', '..', 'io', 'fixtures');
const tmp = mkdtempSync(join(tmpdir(), 'lensboard-numpy-fixtures-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
const ROWS = [
  [0.1, 0.2],
  [-1, 2],
  [3.5, -0.75],
];

/** The version 1.4 fixture with its raw rows standardised, so the preparation does something. */
function standardised(): string {
  const file = JSON.parse(readFileSync(join(fixtures, 'model-v1.4.json'), 'utf8'));
  file.trainingConfig.dataset.preparation.encoding = { kind: 'standardise', mean: [0.5, -0.25], std: [2, 0.5] };
  const path = join(tmp, 'standardised.json');
  writeFileSync(path, JSON.stringify(file));
  return path;
}

/**
 * The 1.4 fixture with two bias boxes in each of its tied groups, their b ports open, drawn in
 * the opposite order in the copy, a relu between them: by key the copy's first pairs with the
 * original's first; by the legacy order (no keys) with its second.
 */
function tiedBiases(keyed: boolean): string {
  const file = JSON.parse(readFileSync(join(fixtures, 'model-v1.4.json'), 'utf8'));
  const d = file.diagram;
  const box = (id: string, parent: string, x: number, key: string) => ({
    id,
    generator: 'bias',
    config: {},
    position: { x, y: 0 },
    parent,
    ...(keyed ? { tieKey: key } : {}),
  });
  d.boxes.push(box('gA1', 'act1', 10, 'k1'), box('gA2', 'act1', 20, 'k2'));
  d.boxes.push(box('gB1', 'act2', 20, 'k1'), box('gB2', 'act2', 10, 'k2'));
  // a relu between the two biases, so that which bias comes first matters
  d.boxes.push(
    { ...box('rA', 'act1', 15, 'r'), generator: 'relu' },
    { ...box('rB', 'act2', 15, 'r'), generator: 'relu' },
  );
  if (!keyed) for (const b of d.boxes) delete b.tieKey;
  const wire = (id: string, from: string, fp: string, to: string) => ({
    id,
    from: { box: from, port: fp },
    to: { box: to, port: 'x' },
  });
  d.wires.push(wire('t1', 'tanh1', 'y', 'gA1'), wire('t2', 'gA1', 'y', 'rA'), wire('t3', 'rA', 'y', 'gA2'));
  d.wires.push(wire('t4', 'tanh2', 'y', 'gB1'), wire('t5', 'gB1', 'y', 'rB'), wire('t6', 'rB', 'y', 'gB2'));
  d.groups[0].outputs = [{ name: 'y', box: 'gA2', port: 'y' }];
  d.groups[1].outputs = [{ name: 'y', box: 'gB2', port: 'y' }];
  const values = [
    ...Array.from({ length: 8 }, (_, i) => 0.1 * i - 0.3),
    ...Array.from({ length: 8 }, (_, i) => 0.5 - 0.2 * i),
  ];
  const extra = [
    ['gA1.b', 'model'],
    ['gA2.b', 'model'],
    ['gA1.b/m', 'optimizer'],
    ['gA1.b/v', 'optimizer'],
    ['gA2.b/m', 'optimizer'],
    ['gA2.b/v', 'optimizer'],
  ];
  for (const [name, group] of extra) file.weightsManifest.push({ name, shape: [8], dtype: 'float32', group });
  const bytes = Buffer.concat([
    Buffer.from(file.weightData, 'base64'),
    Buffer.from(new Float32Array([...values, ...new Array(32).fill(0)]).buffer),
  ]);
  file.weightData = bytes.toString('base64');
  const path = join(tmp, keyed ? 'tied-keyed.json' : 'tied-legacy.json');
  writeFileSync(path, JSON.stringify(file));
  return path;
}

describe('the numpy runtime on the version fixtures', () => {
  it('reads the tied biases differently by key and by the legacy order, so both pairings are tested', async () => {
    const predict = async (path: string) => {
      const opened = await openSource(bytesSource(new Uint8Array(readFileSync(path))));
      if (opened.kind !== 'model') throw new Error(`${path} did not open as a model`);
      return loadOpened(opened.model, opened.weights)
        .predict(ROWS)
        .map((r) => Array.from(r));
    };
    const [byKey, byOrder] = [await predict(tiedBiases(true)), await predict(tiedBiases(false))];
    const apart = Math.max(...byKey.flatMap((row, i) => row.map((v, j) => Math.abs(v - byOrder[i][j]))));
    expect(apart).toBeGreaterThan(1e-3);
  });

  const files = [
    ...['model-v1.json', 'model-v1.1.json', 'model-v1.2.json', 'model-v1.3.json', 'model-v1.4.json'].map((f) =>
      join(fixtures, f),
    ),
    join(fixtures, 'model-v2.0.lensboard'),
    standardised(),
    tiedBiases(true),
    tiedBiases(false),
  ];
  it.each(files.map((f) => [f.split('/').pop(), f]))(
    '%s: predicts on raw rows what loadModel predicts',
    async (_, path) => {
      const opened = await openSource(bytesSource(new Uint8Array(readFileSync(path))));
      if (opened.kind !== 'model') throw new Error(`${path} did not open as a model`);
      const want = loadOpened(opened.model, opened.weights).predict(ROWS);
      const rows = join(tmp, 'rows.json');
      writeFileSync(rows, JSON.stringify(ROWS));
      const run = spawnSync(PYTHON, [NUMPY_RUNTIME, '--predict', path, '--rows', rows], { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      const got = JSON.parse(run.stdout) as { y: number[][] };
      expect(got.y).toHaveLength(ROWS.length);
      for (const [i, row] of want.entries())
        for (const [j, v] of Array.from(row).entries())
          expect(Math.abs(got.y[i][j] - v), `row ${i}[${j}]`).toBeLessThan(1e-5);
    },
  );
});

/**
 * The commands read ONNX files wherever they read a document or model (docs/cli.md, "ONNX
 * files"): told by name or by bytes, drawn by the app's importer, refused on one line; train
 * binds a catalog dataset of the model's shapes. Three runs as a user types them (tsx in a
 * subprocess): predict on a .onnx, train on an ONNX file with no extension, export of a broken one.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { onnxTarget } from '../export/onnx/write';
import { wholeData } from '../export/targets';
import { loadModel } from '../model/modelRuntime';
import type { OpenedFile } from '../model/openFile';
import { exampleGraph } from '../testing/exportOracle';
import { file, node } from '../testing/onnxFiles';
import { CliError } from './command';
import { onnxOnDataset } from './onnxDataset';
import { describeErrors, isOnnx, readInput } from './readInput';

const run = (command: string, ...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', `src/cli/${command}.ts`, ...args], {
    encoding: 'utf8',
    timeout: 120_000,
  });

const dir = mkdtempSync(join(tmpdir(), 'lensboard-onnx-cli-'));
const write = (name: string, data: Uint8Array | string) => {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
};
const xorBytes = onnxTarget.write(exampleGraph('xor'))[0].data as Uint8Array;
const xorOnnx = write('xor.onnx', xorBytes);
/** The same bytes under a name that says nothing: told by its first byte. */
const xorBare = write('xor-model', xorBytes);
const lrn = write(
  'lrn.onnx',
  file([node('LRN', ['input'], ['n1']), node('Resize', ['n1'], ['output'])], [], ['N', 4], ['N', 4]),
);
const broken = write('broken.bin', xorBytes.slice(0, 300));

const opened = async (path: string) => {
  const r = await readInput(path);
  if (r.kind !== 'model') throw new Error(r.kind === 'error' ? describeErrors(r) : r.kind);
  return r;
};
const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    if (e instanceof CliError) return e.message;
  }
  throw new Error('not refused');
};

describe('ONNX files on the command line', () => {
  it('reads weights kept in external data from the file beside the .onnx', async () => {
    const files = onnxTarget.write(exampleGraph('xor'), { externalDataAbove: 0 });
    const sub = mkdtempSync(join(dir, 'external-'));
    for (const f of files) writeFileSync(join(sub, f.path), wholeData(f.data));
    const pair = await opened(join(sub, 'model.onnx'));
    const alone = await opened(xorOnnx);
    expect(pair.weights.map((w) => Array.from(w.data))).toEqual(alone.weights.map((w) => Array.from(w.data)));
  });

  it('tells ONNX by its name or its first byte, and a Lensboard file by neither', async () => {
    expect(isOnnx('m.ONNX', new Uint8Array([0x7b]))).toBe(true);
    expect(isOnnx('m', xorBytes)).toBe(true);
    expect(isOnnx('m.json', new TextEncoder().encode('{"format": "lensboard-model"}'))).toBe(false);
    expect((await readInput('src/io/examples/xor.json')).kind).toBe('document');
    for (const path of [xorOnnx, xorBare]) {
      const r = await opened(path);
      expect(r.from).toBe('onnx');
      expect(r.model.diagram.name).toBe('XOR');
      expect(r.model.trainingConfig.dataset.id).toBe('xor');
    }
  });

  it('refuses a file it cannot draw on one line, naming every node or what is broken', async () => {
    const bad = (await readInput(lrn)) as Extract<OpenedFile, { kind: 'error' }>;
    expect(describeErrors(bad)).toBe(
      "node “n1_node” (LRN): ONNX's LRN has no Lensboard generator; node “output_node” (Resize): ONNX's Resize has no Lensboard generator",
    );
    const cut = (await readInput(broken)) as Extract<OpenedFile, { kind: 'error' }>;
    expect(describeErrors(cut)).toMatch(/^not a readable ONNX file: [^\n]*runs past the end/);
  });

  it('binds --dataset when its shapes are the model’s, and refuses another naming both shapes', async () => {
    const r = await opened(xorOnnx);
    expect(onnxOnDataset(r, xorOnnx, undefined)).toBe(r);
    const moons = onnxOnDataset(r, xorOnnx, 'moons');
    expect(moons.model.trainingConfig.dataset).toMatchObject({ id: 'moons', options: {}, task: 'classification' });
    expect(moons.model.diagram.dataset).toEqual({ id: 'moons', options: {} });
    expect(refusal(() => onnxOnDataset(r, xorOnnx, 'iris'))).toBe(
      `--dataset iris: its rows have [4] features and [3] labels; ${xorOnnx} reads [2] and predicts [2]`,
    );
    expect(refusal(() => onnxOnDataset(r, xorOnnx, 'nope'))).toMatch(/^--dataset nope: no such dataset; known: /);
    const csv = { ...r.model.trainingConfig.dataset, id: 'csv' };
    const csvBound = { ...r, model: { ...r.model, trainingConfig: { ...r.model.trainingConfig, dataset: csv } } };
    expect(refusal(() => onnxOnDataset(csvBound, 'm.onnx', undefined))).toMatch(
      /^m\.onnx: its data is a CSV of \[2\] features and \[2\] labels, which only the app imports; give --dataset/,
    );
  });

  it('predict: prints what the imported model predicts', async () => {
    const rows = [
      [0, 1],
      [1, 1],
    ];
    const out = run('predict', xorOnnx, write('rows.csv', 'x1,x2\n0,1\n1,1\n'));
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const printed = out.stdout.trim().split('\n').slice(1);
    const want = loadModel({ ...(await opened(xorOnnx)).model }).predict(rows);
    expect(printed.map((l) => Float32Array.from(l.split(',').map(Number)))).toEqual(want);
  });

  it('train: trains an ONNX file told by its bytes on --dataset and writes a model file', async () => {
    const out = join(dir, 'trained.json');
    const r = run('train', xorBare, '--dataset', 'moons', '--epochs', '1', '--quiet', '--out', out);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^XOR: /);
    const model = JSON.parse(readFileSync(out, 'utf8'));
    expect(model.trainingConfig.dataset).toMatchObject({ id: 'moons', featureShape: [2], labelShape: [2] });
    expect(model.trainingConfig.stepsDone).toBeGreaterThan(0);
  });

  it('export: refuses a broken ONNX file on one line with exit 2, writing nothing', async () => {
    const target = join(dir, 'broken-pytorch');
    const r = run('export', broken, '--to', 'pytorch', '--out', target);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^error: [^\n]*broken\.bin: not a readable ONNX file: [^\n]*\n$/);
    expect(existsSync(target)).toBe(false);
  });
});

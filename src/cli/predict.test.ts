/**
 * The predict CLI: argument and CSV rules, and runs of its `main` in-process whose output reads
 * back to exactly the predictions loadModel gives; one long run as its own process (tsx), so that
 * every row reaches the pipe before the process exits.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCsvTable } from '../data/csvHeader';
import { subset } from '../data/dataset';
import { loadIris } from '../data/iris';
import { parseMnistBin } from '../data/mnist';
import { loadMnistBufferNode } from '../data/mnistNode';
import { preparationOf } from '../data/preparation';
import { parseModelText } from '../model/modelParse';
import { loadModel } from '../model/modelRuntime';
import { runInProcess } from '../testing/cliRun';
import { preparedModelText } from '../testing/preparedModels';
import { modelSummary } from './modelSummary';
import { main } from './predict';
import { FeatureRowReader, PREDICT_BATCH, parsePredictArgs, readFeatureRows, writePredictions } from './predictCsv';
import { readCsvFile } from './readInput';

/** The command in this process, as its process runs it but for the exit (src/testing/cliRun.ts). */
const run = async (...args: string[]) => {
  const r = await runInProcess(main, args);
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
};
/** The command as its own process, as a user types it: all of a long output reaches the pipe. */
const runProcess = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/predict.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
const fixture = 'src/io/fixtures/model-v1.json';
const rowsOf = (read: ReturnType<typeof readFeatureRows>): number[][] => {
  if (!read.ok) throw new Error(read.error);
  return Array.from({ length: read.n }, (_, r) => Array.from(read.rows.subarray(r * 2, r * 2 + 2)));
};
const tempFile = (name: string, text: string) => {
  const path = join(mkdtempSync(join(tmpdir(), 'lensboard-')), name);
  writeFileSync(path, text);
  return path;
};

describe('predict CLI', () => {
  it('parses its arguments', () => {
    expect(parsePredictArgs(['m.json', 'x.csv'])).toEqual({
      ok: true,
      model: 'm.json',
      inputs: 'x.csv',
      prepared: false,
      verbose: false,
    });
    expect(parsePredictArgs(['--prepared', 'm.json', 'x.csv'])).toMatchObject({ ok: true, prepared: true });
    expect(parsePredictArgs(['--verbose', 'm.json', 'x.csv'])).toMatchObject({ ok: true, verbose: true });
    expect(parsePredictArgs(['--help'])).toEqual({ ok: 'help' });
    expect(parsePredictArgs(['m.json'])).toMatchObject({ ok: false, error: /got 1 argument/ });
    expect(parsePredictArgs(['m.json', 'x.csv', '--fast'])).toMatchObject({
      ok: false,
      error: /unknown option --fast/,
    });
  });

  it('reads feature rows, skipping a header and naming a bad cell by row and column', () => {
    expect(rowsOf(readFeatureRows('\uFEFFa,b\n1,2\r\n\n3,4\n', 2))).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(readFeatureRows('1,2\n3,x\n', 2)).toEqual({ ok: false, error: 'row 2, column 2: "x" is not a number' });
    expect(readFeatureRows('a,b\n1,2\n\n3,x\n', 2)).toEqual({
      ok: false,
      error: 'row 3, column 2 ("b"): "x" is not a number',
    });
    expect(readFeatureRows('1,2,3\n', 2)).toMatchObject({ ok: false, error: /row 1 has 3 values; the model takes 2/ });
    expect(readFeatureRows('a,b,c\n1,2\n', 2)).toMatchObject({ ok: false, error: /the header has 3 columns/ });
  });

  it('takes a first row with a typo for data, not for a header', () => {
    expect(readFeatureRows('1,2o\n3,4\n5,6', 2)).toEqual({ ok: false, error: 'row 1, column 2: "2o" is not a number' });
    expect(readFeatureRows('1o,2o\n3,4\n', 2)).toMatchObject({ ok: false, error: /^row 1, column 1: "1o"/ });
    expect(readFeatureRows('nan,inf\n3,4\n', 2)).toMatchObject({ ok: false, error: /^row 1, column 1: "nan"/ });
    expect(rowsOf(readFeatureRows('x1,petal length\n3,4\n', 2))).toEqual([[3, 4]]);
  });

  it('refuses a file with no rows at once instead of predicting on nothing', () => {
    for (const text of ['', '\n\n', 'a,b\n', '\uFEFFa,b\r\n\r\n'])
      expect(readFeatureRows(text, 2), JSON.stringify(text)).toMatchObject({ ok: false, error: /^no rows to predict/ });
  });

  it("reads numbers by the app's grammar: no hex, no JavaScript-only syntax", () => {
    for (const cell of ['0x10', '0b1', '0o7', '1_000', 'Infinity', '1e39', ' ', '1,5'])
      expect(readFeatureRows(`${cell},1\n`, 2), cell).toMatchObject({ ok: false, error: /^row 1/ });
    expect(rowsOf(readFeatureRows(' +1.5 ,-.5e1\n', 2))).toEqual([[1.5, -5]]);
  });

  it('prints usage on --help with exit 0, and exits 2 with usage on a bad call', async () => {
    const help = await run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/usage: npm run predict/);
    const bad = await run(fixture);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage: npm run predict/);
  });

  it('prints the predictions loadModel gives, exactly, and with --verbose a line about the model on stderr', async () => {
    const rows = [
      [0, 0],
      [1, -1],
      [0.25, 0.5],
    ];
    const out = await run(
      fixture,
      tempFile('in.csv', `x,y\n${rows.map((r) => r.join(',')).join('\n')}\n`),
      '--verbose',
    );
    expect(out.stderr).toBe(
      `${fixture}: XOR, model format 1.0 by Lensboard 0.1.0, trained 1 epoch (32 steps) with adam on an engine the file does not name; 2 features → 2 outputs\n`,
    );
    expect(out.status).toBe(0);
    const [header, ...lines] = out.stdout.trim().split('\n');
    expect(header).toBe('y0,y1');
    const printed = lines.map((l) => Float32Array.from(l.split(',').map(Number)));
    expect(printed).toEqual(loadModel(readFileSync(fixture, 'utf8')).predict(rows));
  });

  it('answers at once for an empty or header-only CSV, exit 2 and one line', async () => {
    for (const text of ['', 'x,y\n']) {
      const out = await run(fixture, tempFile('in.csv', text));
      expect(out.status).toBe(2);
      expect(out.stderr).toMatch(/^error: .*in\.csv: no rows to predict \(.*\)\n$/);
      expect(out.stdout).toBe('');
    }
  });

  it('refuses what is not a file before reading it: a folder, or a device that never ends', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lensboard-'));
    expect(await readCsvFile(dir, new FeatureRowReader(2))).toEqual({
      ok: false,
      error: 'cannot read it: is a folder, not a file',
    });
    expect(await readCsvFile('/dev/zero', new FeatureRowReader(2))).toEqual({
      ok: false,
      error: 'cannot read it: not a file (a device or a pipe)',
    });
  });

  it('refuses a CSV over the cap before reading it, naming its size and the cap', async () => {
    const big = tempFile('big.csv', '');
    truncateSync(big, 21 * 1024 * 1024); // sparse: no disk, no time
    const out = await run(fixture, big);
    expect(out.status).toBe(2);
    expect(out.stderr).toBe(
      `error: ${big}: the file is 22020096 bytes; a CSV may have at most 20971520 bytes (20 MB)\n`,
    );
  });

  it('predicts past one slice of rows, every row in order', () => {
    const n = PREDICT_BATCH + 3;
    const rows = Float32Array.from({ length: n * 2 }, (_, i) => Math.fround(Math.sin(i)));
    const lines = Array.from({ length: n }, (_, r) => `${rows[2 * r]},${rows[2 * r + 1]}`);
    const out = runProcess(fixture, tempFile('in.csv', `${lines.join('\n')}\n`));
    expect(out.stderr).toBe('');
    const printed = out.stdout.trim().split('\n').slice(1);
    expect(printed).toHaveLength(n);
    const model = loadModel(readFileSync(fixture, 'utf8'));
    expect(printed.map((l) => Float32Array.from(l.split(',').map(Number)))).toEqual(model.predict(rows));
  });

  it('writes a class name a spreadsheet would run as a formula guarded, and the app reads it back', async () => {
    const names = ['=HYPERLINK("http://x")', '-2+3', '@A1', 'a,b', 'plain'];
    let out = '';
    const predict = (rows: Float64Array) => Array.from(rows, (v) => Float32Array.of(v));
    await writePredictions(
      predict,
      Float64Array.of(0, 1, 2, 3, 4),
      1,
      1,
      (t) => {
        out += t;
      },
      (p) => names[p[0]],
    );
    const lines = out.trim().split('\n');
    expect(
      lines.slice(1).every((l) => /^\d,("'[=+@-]|"a,b"|plain)/.test(l)),
      out,
    ).toBe(true);
    expect(readCsvTable(out).records.map((r) => r.cells[1])).toEqual(names);
  });

  it("reads raw rows by the model's column names, in any order, naming a column missing, unknown or twice", () => {
    const iris = preparationOf(loadIris());
    const rowsIn = (text: string) => readFeatureRows(text, 4, iris);
    const read = rowsIn('petal width,sepal length,petal length,sepal width\n0.2,5.1,1.4,3.5\n');
    expect(read.ok && Array.from(read.rows)).toEqual([5.1, 3.5, 1.4, 0.2]);
    const positional = rowsIn('5.1,3.5,1.4,0.2\n');
    expect(positional.ok && Array.from(positional.rows)).toEqual([5.1, 3.5, 1.4, 0.2]);
    expect(rowsIn('sepal length,sepal width,petal length\n1,2,3\n')).toEqual({
      ok: false,
      error:
        "column 'petal width' is missing (the model reads 'sepal length', 'sepal width', 'petal length', 'petal width')",
    });
    expect(rowsIn('sepal length,sepal width,petal length,petal width,species\n1,2,3,4,setosa\n')).toMatchObject({
      ok: false,
      error: /^column 'species' is not a feature of the model/,
    });
    expect(rowsIn('sepal length,sepal width,petal length,petal width,sepal width\n')).toEqual({
      ok: false,
      error: 'column "sepal width" is in the header twice',
    });
    expect(rowsIn('petal width,sepal length,petal length,sepal width\n0.2,5.1,x,3.5\n')).toEqual({
      ok: false,
      error: 'row 1, column 3 ("petal length"): "x" is not a number',
    });
    expect(rowsIn('1,2,3\n')).toEqual({ ok: false, error: 'row 1 has 3 values; the model reads 4 raw columns' });
  });

  it('predicts from MNIST grey levels 0…255 what --prepared predicts from the pixels /255, with the digit', async () => {
    const mnist = parseMnistBin(await loadMnistBufferNode());
    // a model file needs no more rows than its session makes batches of
    const file = tempFile('mnist.json', await preparedModelText('mnist-mlp', subset(mnist, [0, 1, 2, 3])));
    const picked = [0, 1234, 9999];
    const grey = picked.map((r) =>
      Array.from(mnist.features.subarray(r * 784, (r + 1) * 784), (v) => Math.round(v * 255)),
    );
    // the raw columns given backwards by name, as a file from elsewhere may order them (a column
    // missing or unknown is refused as in the Iris case above)
    const names = Array.from({ length: 784 }, (_, i) => `pixel${783 - i}`);
    const raw = [names.join(','), ...grey.map((g) => [...g].reverse().join(','))].join('\n');
    const prepared = picked
      .map((r) => Array.from(mnist.features.subarray(r * 784, (r + 1) * 784)).join(','))
      .join('\n');
    const fromRaw = await run(file, tempFile('raw.csv', `${raw}\n`));
    const fromPrepared = await run(file, tempFile('prepared.csv', `${prepared}\n`), '--prepared');
    expect(fromRaw.stderr).toBe('');
    expect(fromRaw.status).toBe(0);
    expect(fromRaw.stdout).toBe(fromPrepared.stdout);
    const [header, ...lines] = fromRaw.stdout.trim().split('\n');
    expect(header).toBe(`${Array.from({ length: 10 }, (_, i) => `y${i}`).join(',')},class`);
    const model = loadModel(readFileSync(file, 'utf8'));
    const outputs = model.predict(grey);
    expect(lines).toEqual(outputs.map((y) => `${Array.from(y).join(',')},${model.className(y)}`));
  });
});

describe('the model line of --verbose', () => {
  it('names the engine a 1.4 file was trained on', () => {
    const path = 'src/io/fixtures/model-v1.4.json';
    const parsed = parseModelText(readFileSync(path, 'utf8'));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
    expect(modelSummary('m.json', parsed.model)).toBe(
      'm.json: XOR, model format 1.4 by Lensboard 0.1.0, trained 2 epochs (64 steps) with adam on typed-float32; 2 features → 2 outputs',
    );
  });
});

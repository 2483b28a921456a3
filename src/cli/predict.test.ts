/**
 * The predict CLI: argument and CSV rules, and one real run (tsx in a subprocess) whose output
 * reads back to exactly the predictions loadModel gives.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../io/modelRuntime';
import { FeatureRowReader, PREDICT_BATCH, parsePredictArgs, readFeatureRows } from './predictCsv';
import { readCsvFile } from './readInput';

const run = (...args: string[]) =>
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
    });
    expect(parsePredictArgs(['--prepared', 'm.json', 'x.csv'])).toMatchObject({ ok: true, prepared: true });
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

  it('prints usage on --help with exit 0, and exits 2 with usage on a bad call', () => {
    const help = run('--help');
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(/usage: npm run predict/);
    const bad = run(fixture);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/usage: npm run predict/);
  });

  it('prints the predictions loadModel gives, exactly', () => {
    const rows = [
      [0, 0],
      [1, -1],
      [0.25, 0.5],
    ];
    const out = run(fixture, tempFile('in.csv', `x,y\n${rows.map((r) => r.join(',')).join('\n')}\n`));
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const [header, ...lines] = out.stdout.trim().split('\n');
    expect(header).toBe('y0,y1');
    const printed = lines.map((l) => Float32Array.from(l.split(',').map(Number)));
    expect(printed).toEqual(loadModel(readFileSync(fixture, 'utf8')).predict(rows));
  });

  it('answers at once for an empty or header-only CSV, exit 2 and one line', () => {
    for (const text of ['', 'x,y\n']) {
      const out = run(fixture, tempFile('in.csv', text));
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

  it('refuses a CSV over the cap before reading it, naming its size and the cap', () => {
    const big = tempFile('big.csv', '');
    truncateSync(big, 21 * 1024 * 1024); // sparse: no disk, no time
    const out = run(fixture, big);
    expect(out.status).toBe(2);
    expect(out.stderr).toBe(
      `error: ${big}: the file is 22020096 bytes; a CSV may have at most 20971520 bytes (20 MB)\n`,
    );
  });

  it('predicts past one slice of rows, every row in order', () => {
    const n = PREDICT_BATCH + 3;
    const rows = Float32Array.from({ length: n * 2 }, (_, i) => Math.fround(Math.sin(i)));
    const lines = Array.from({ length: n }, (_, r) => `${rows[2 * r]},${rows[2 * r + 1]}`);
    const out = run(fixture, tempFile('in.csv', `${lines.join('\n')}\n`));
    expect(out.stderr).toBe('');
    const printed = out.stdout.trim().split('\n').slice(1);
    expect(printed).toHaveLength(n);
    const model = loadModel(readFileSync(fixture, 'utf8'));
    expect(printed.map((l) => Float32Array.from(l.split(',').map(Number)))).toEqual(model.predict(rows));
  });
});

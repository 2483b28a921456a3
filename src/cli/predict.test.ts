/**
 * The predict CLI: argument and CSV rules, and one real run (tsx in a subprocess) whose output
 * reads back to exactly the predictions loadModel gives.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModel } from '../io/modelRuntime';
import { parsePredictArgs, readFeatureRows } from './predictCsv';

const run = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/predict.ts', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
  });
const fixture = 'src/io/fixtures/model-v1.json';

describe('predict CLI', () => {
  it('parses its arguments', () => {
    expect(parsePredictArgs(['m.json', 'x.csv'])).toEqual({ ok: true, model: 'm.json', inputs: 'x.csv' });
    expect(parsePredictArgs(['--help'])).toEqual({ ok: 'help' });
    expect(parsePredictArgs(['m.json'])).toMatchObject({ ok: false, error: /got 1 argument/ });
    expect(parsePredictArgs(['m.json', 'x.csv', '--fast'])).toMatchObject({
      ok: false,
      error: /unknown option --fast/,
    });
  });

  it('reads feature rows, skipping a header and naming a bad cell by line and column', () => {
    expect(readFeatureRows('\uFEFFa,b\n1,2\r\n\n3,4\n', 2)).toEqual({
      ok: true,
      rows: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(readFeatureRows('1,2\n3,x\n', 2)).toEqual({
      ok: false,
      error: "line 2, column 2: 'x' is not a finite number",
    });
    expect(readFeatureRows('1,2,3\n', 2)).toMatchObject({ ok: false, error: /line 1 has 3 values; the model takes 2/ });
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
    const csv = join(mkdtempSync(join(tmpdir(), 'lensboard-')), 'in.csv');
    const rows = [
      [0, 0],
      [1, -1],
      [0.25, 0.5],
    ];
    writeFileSync(csv, `x,y\n${rows.map((r) => r.join(',')).join('\n')}\n`);
    const out = run(fixture, csv);
    expect(out.stderr).toBe('');
    expect(out.status).toBe(0);
    const [header, ...lines] = out.stdout.trim().split('\n');
    expect(header).toBe('y0,y1');
    const printed = lines.map((l) => Float32Array.from(l.split(',').map(Number)));
    expect(printed).toEqual(loadModel(readFileSync(fixture, 'utf8')).predict(rows));
  });
});

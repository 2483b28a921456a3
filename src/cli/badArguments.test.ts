/**
 * Every command over a table of bad arguments, paths and files: each exits non-zero with one
 * line on stderr that names what is wrong (then the usage, for a mistake in the arguments) and no
 * stack trace; `--debug` shows the stack; `--help` exits 0. The table runs each command's `main`
 * in-process, exactly as its process does but for the exit (src/testing/cliRun.ts); the runs whose
 * point is the process itself (its exit code after `--debug`, a rescue into the working
 * directory, an end that must come by itself) start node with tsx's loader in a scratch folder,
 * as a user does.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../testing/cliRun';
import type { Main } from './command';

const repo = resolve(import.meta.dirname, '../..');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const scratch = mkdtempSync(join(tmpdir(), 'lensboard-cli-'));
const at = (name: string) => join(scratch, name);

type Command = 'train' | 'predict' | 'experiment' | 'export' | 'conformance' | 'data' | 'sample';

interface Case {
  readonly command: Command;
  readonly name: string;
  readonly args: readonly string[];
  /** The one line names this. */
  readonly says: RegExp;
  /** 'usage': the mistake is in the arguments, so the usage follows the line (exit 2). */
  readonly exit: 'usage' | 1 | 2;
}

const xor = join(repo, 'src/io/examples/xor.json');
const model = join(repo, 'src/io/fixtures/model-v1.json');
const by =
  (command: Command) =>
  (name: string, args: readonly string[], says: RegExp, exit: Case['exit'] = 'usage'): Case => ({
    command,
    name,
    args,
    says,
    exit,
  });
const [train, predict, experiment, exportTo, conformance, data, sample] = (
  ['train', 'predict', 'experiment', 'export', 'conformance', 'data', 'sample'] as const
).map(by);
const onnx = (...args: string[]) => ['--to', 'onnx', '--out', at('pkg'), ...args];
const NO_FILE = /nothing\.(json|csv): cannot read it: no such file or folder/;
const FOLDER = /folder: is a folder, not a file/;
const NOT_JSON = /broken\.json: .*JSON/i;
const BELOW_FILE = /existing\.txt, which is a file, not a folder/;

const CASES: readonly Case[] = [
  train('unknown flag', [xor, '--frobnicate'], /unknown option --frobnicate/),
  train('missing value', [xor, '--epochs'], /--epochs needs a value/),
  train('bad number', [xor, '--lr', 'fast'], /--lr must be a number > 0, got 'fast'/),
  train('fraction out of range', [xor, '--test-fraction', '1'], /--test-fraction must be a number in \[0, 0.999999\]/),
  train('no document', [], /no document given/),
  train('missing file', [at('nothing.json')], NO_FILE, 2),
  train('a folder as the document', [at('folder')], FOLDER, 2),
  train('malformed JSON', [at('broken.json')], NOT_JSON, 2),
  train('wrong format', [at('array.json')], /array\.json: /, 2),
  train('absent output folder', [xor, '--out', '/no/such/dir/m.json'], /--out \/no\/such\/dir\/m\.json: no folder /, 2),
  train('a folder as the output file', [xor, '--out', at('folder')], /--out .*folder is a folder/, 2),
  train('an output below a file', [xor, '--out', join(at('existing.txt'), 'm.json')], BELOW_FILE, 2),
  train(
    'a test fraction leaving no rows',
    [xor, '--test-fraction', '0.999999', '--epochs', '1'],
    /test fraction of 0\.999999 leaves 0 of the 500 rows to train on \(500 held out/,
    1,
  ),
  train('a dataset for a model', [model, '--dataset', 'iris'], /--dataset cannot change a model's dataset/, 2),

  sample('no prompt', [model], /give the text to continue with --prompt/),
  sample('no sequence model', [model, '--prompt', 'a'], /model-v1\.json: the model file records no vocabulary/, 2),

  predict('unknown flag', [model, at('rows.csv'), '--fast'], /unknown option --fast/),
  predict('missing argument', [model], /give a model file and a CSV file, got 1/),
  predict('missing model', [at('nothing.json'), at('rows.csv')], NO_FILE, 2),
  predict('a folder as the model', [at('folder'), at('rows.csv')], FOLDER, 2),
  predict('malformed JSON model', [at('broken.json'), at('rows.csv')], NOT_JSON, 2),
  predict('a document for a model', [xor, at('rows.csv')], /xor\.json is a document without weights; train it/, 2),
  predict('a CSV for a model', [at('rows.csv'), at('rows.csv')], /rows\.csv: /, 2),
  predict('missing CSV', [model, at('nothing.csv')], NO_FILE, 2),
  predict('a folder as the CSV', [model, at('folder')], /folder: cannot read it: is a folder/, 2),

  experiment('unknown flag', ['iris-simple', '--fast'], /unknown option --fast/),
  experiment('missing value', ['iris-simple', '--seeds'], /--seeds needs a value/),
  experiment('bad number', ['iris-simple', '--seeds', '0'], /--seeds must be an integer ≥ 1, got '0'/),
  experiment('bad engine', ['iris-simple', '--engine', 'gpu'], /--engine must be one of typed/),
  experiment('unknown experiment', ['iris-complex'], /no experiment 'iris-complex'; known: iris-simple/),
  experiment('no experiment', [], /name an experiment/),

  exportTo('unknown flag', [model, ...onnx('--zip')], /unknown option --zip/),
  exportTo('missing value', [model, '--out', at('pkg'), '--to'], /--to needs a value/),
  exportTo('unknown target', [model, '--to', 'keras', '--out', at('pkg')], /--to must be one of .*got 'keras'/),
  exportTo('no --out', [model, '--to', 'onnx'], /--out is required/),
  exportTo('missing model', [at('nothing.json'), ...onnx()], NO_FILE, 2),
  exportTo('a folder as the model', [at('folder'), ...onnx()], FOLDER, 2),
  exportTo('malformed JSON model', [at('broken.json'), ...onnx()], NOT_JSON, 2),
  exportTo('wrong format', [at('array.json'), ...onnx()], /array\.json: /, 2),
  exportTo(
    'an existing file as the output folder',
    [model, '--to', 'onnx', '--out', at('existing.txt')],
    /--out .*existing\.txt is a file; name a folder/,
    2,
  ),
  exportTo('an output below a file', [model, '--to', 'onnx', '--out', join(at('existing.txt'), 'pkg')], BELOW_FILE, 2),

  conformance(
    'unknown runtime',
    ['--runtime', 'keras'],
    /--runtime must be one of lensboard, pytorch, numpy, onnx, got 'keras'/,
  ),
  conformance('no runtime', [], /give one of --runtime or --results/),
  conformance(
    'a suite folder without a manifest',
    ['--runtime', 'onnx', '--suite', at('folder')],
    /folder: no manifest\.json/,
    2,
  ),
  conformance(
    'results that are a file',
    ['--results', at('existing.txt')],
    /--results .*existing\.txt: not a folder/,
    2,
  ),

  data('unknown argument', ['frobnicate'], /unknown argument 'frobnicate': give export, --force or nothing/),
  data(
    'unknown dataset',
    ['export', 'irs', '--out', at('data')],
    /unknown dataset 'irs'; known: xor, .*mnist, text, reverse, addition$/,
  ),
  data('no --out', ['export', 'iris'], /--out is required/),
  data('bad options', ['export', 'iris-z2', '--options', '{"classes": 5}', '--out', at('data')], /classes/),
  data('options not JSON', ['export', 'iris', '--options', '{classes', '--out', at('data')], /--options is not JSON/),
  data('a missing document', ['export', at('nothing.json'), '--out', at('data')], NO_FILE),
  data('an output below a file', ['export', 'iris', '--out', join(at('existing.txt'), 'data')], BELOW_FILE),
  data(
    'an existing file',
    ['export', 'iris', '--out', at('kept')],
    /kept\/iris\.csv already exists; --force replaces it/,
  ),
];

interface Ran {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

const MAINS: Readonly<Record<Command, () => Promise<Main>>> = {
  train: () => import('./train').then((m) => m.main),
  predict: () => import('./predict').then((m) => m.main),
  experiment: () => import('./experiment').then((m) => m.main),
  export: () => import('./export').then((m) => m.main),
  conformance: () => import('./conformance').then((m) => m.main),
  data: () => import('./data').then((m) => m.main),
  sample: () => import('./sample').then((m) => m.main),
};

/** One command's `main` in this process; the runs go one after another (cliRun.ts). */
const runHere = async (command: Command, args: readonly string[]): Promise<Ran> =>
  runInProcess(await MAINS[command](), args);

/** One command as its own node process, in the scratch folder. */
const run = (command: Command, args: readonly string[]): Promise<Ran> =>
  new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', tsx, join(repo, `src/cli/${command}.ts`), ...args],
      { cwd: scratch, encoding: 'utf8', timeout: 120_000 },
      (error, stdout, stderr) => {
        // a run killed at the time limit has no exit code: null
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        done({ code, stdout, stderr });
      },
    );
  });

/** Runs every job, `width` at a time. */
async function pool<T>(jobs: readonly (() => Promise<T>)[], width: number): Promise<T[]> {
  const out: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      out[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return out;
}

const COMMANDS: readonly Command[] = ['train', 'predict', 'experiment', 'export', 'conformance', 'data', 'sample'];
const USAGE_OF: Partial<Record<Command, string>> = {};
const ran = new Map<string, Ran>();
const extra = {
  help: COMMANDS.map((c) => ({ key: `help ${c}`, command: c, args: ['--help'] })),
  runs: [
    { key: 'debug', command: 'train' as const, args: [at('folder'), '--debug'] },
    { key: 'full disk', command: 'train' as const, args: [xor, '--epochs', '1', '--quiet', '--out', '/dev/full'] },
    { key: 'no rows', command: 'predict' as const, args: [model, at('header.csv')] },
    {
      key: 'data export',
      command: 'data' as const,
      args: ['export', 'iris', '--test-fraction', '0.2', '--force', '--out', at('replaced')],
    },
  ],
};

beforeAll(async () => {
  mkdirSync(at('folder'));
  mkdirSync(at('kept'));
  mkdirSync(at('replaced'));
  writeFileSync(join(at('replaced'), 'iris.csv'), 'replace me\n');
  writeFileSync(join(at('kept'), 'iris.csv'), 'keep me\n');
  writeFileSync(at('broken.json'), '{"format": "lensboard-model", ');
  writeFileSync(at('array.json'), '[1, 2, 3]');
  writeFileSync(at('existing.txt'), 'keep me\n');
  writeFileSync(at('rows.csv'), '0,0\n1,-1\n');
  writeFileSync(at('header.csv'), 'x,y\n');
  const here = [
    ...CASES.map((c) => ({ key: `${c.command} ${c.name}`, command: c.command, args: c.args })),
    ...extra.help,
  ];
  // the processes run on the other cores while the table runs here
  const processes = pool(
    extra.runs.map((j) => () => run(j.command, j.args)),
    2,
  );
  for (const j of here) ran.set(j.key, await runHere(j.command, j.args));
  for (const [i, r] of (await processes).entries()) ran.set(extra.runs[i].key, r);
  for (const c of COMMANDS) USAGE_OF[c] = ran.get(`help ${c}`)?.stdout.trimEnd();
}, 600_000);

const STACK = /^\s+at /m;

describe('every command answers a bad argument, path or file with one line', () => {
  it.each(CASES.map((c) => [`${c.command}: ${c.name}`, c] as const))('%s', (_, c) => {
    const r = ran.get(`${c.command} ${c.name}`) as Ran;
    expect(r.code, r.stderr).toBe(c.exit === 'usage' ? 2 : c.exit);
    expect(r.stderr).not.toMatch(STACK);
    const [line, ...rest] = r.stderr.trimEnd().split('\n');
    expect(line).toMatch(/^error: /);
    expect(line).toMatch(c.says);
    if (c.exit === 'usage') expect(rest.join('\n')).toBe(`\n${USAGE_OF[c.command]}`);
    else expect(rest).toEqual([]);
  });

  it('refuses an --out before training: nothing is trained, nothing written', () => {
    for (const name of ['absent output folder', 'a folder as the output file', 'an output below a file']) {
      expect(ran.get(`train ${name}`)?.stdout, name).toBe('');
    }
    expect(readFileSync(at('existing.txt'), 'utf8')).toBe('keep me\n');
    expect(existsSync(at('pkg'))).toBe(false);
    // a data export refused writes neither file, and leaves no partial one
    expect(existsSync(at('data'))).toBe(false);
    expect(readdirSync(at('kept'))).toEqual(['iris.csv']);
    expect(readFileSync(join(at('kept'), 'iris.csv'), 'utf8')).toBe('keep me\n');
  });

  it.each(COMMANDS)('%s --help exits 0 with its usage, which names --debug', (c) => {
    const r = ran.get(`help ${c}`) as Ran;
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^usage: npm run ${c} -- `));
    expect(r.stdout).toMatch(/--debug +on an error, print its stack trace too/);
  });

  it('--debug adds the stack trace under the same line', () => {
    const r = ran.get('debug') as Ran;
    expect(r.code).toBe(2);
    expect(r.stderr.split('\n')[0]).toMatch(/^error: .*folder: is a folder, not a file$/);
    expect(r.stderr).toMatch(STACK);
  });

  it('a trained model its --out cannot take is saved elsewhere, and the line says where', () => {
    expect(statSync('/dev/full').isCharacterDevice()).toBe(true);
    const r = ran.get('full disk') as Ran;
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^done: \d+ steps/m);
    const saved = /it is saved in (\S+) instead$/.exec(r.stderr.trimEnd());
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^error: cannot write the trained model to \/dev\/full: no space left on the device;/);
    expect(saved).not.toBeNull();
    const path = resolve(scratch, saved?.[1] ?? '');
    expect(readdirSync(scratch).some((f) => f.startsWith('lensboard-saved-'))).toBe(true);
    expect(JSON.parse(readFileSync(path, 'utf8')).trainingConfig.stepsDone).toBeGreaterThan(0);
  });

  it('exports a dataset’s rows and preparation, replacing a file with --force, leaving no partial one', () => {
    const r = ran.get('data export') as Ran;
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /^wrote iris\.csv \(150 raw rows: 120 train, 30 test, seed 1\) and iris\.preparation\.json to /,
    );
    expect(readdirSync(at('replaced')).sort()).toEqual(['iris.csv', 'iris.preparation.json']);
    const lines = readFileSync(join(at('replaced'), 'iris.csv'), 'utf8')
      .trimEnd()
      .split('\n');
    expect(lines[0]).toBe('split,sepal length,sepal width,petal length,petal width,class');
    expect(lines.filter((l) => l.startsWith('test,'))).toHaveLength(30);
    expect(JSON.parse(readFileSync(join(at('replaced'), 'iris.preparation.json'), 'utf8')).split.train).toBe(120);
  });

  it('predicts a CSV of no rows at once: the header line alone, or one line saying why not', () => {
    const r = ran.get('no rows') as Ran;
    expect(r.code, 'ended by itself, not killed at the time limit').not.toBeNull();
    expect(r.stderr).not.toMatch(STACK);
    if (r.code === 0) expect(r.stdout).toBe('y0,y1\n');
    else expect(r.stderr).toMatch(/^error: .*header\.csv.*\n$/);
  });
});

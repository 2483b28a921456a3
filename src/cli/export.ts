/**
 * `npm run export -- model.json --to pytorch --out dir/`: the model as a package for another
 * engine (docs/export.md). Exit codes: 0 done (and for --help), 2 a usage mistake or a file
 * refused, 1 a model the target cannot express (each generator named) or anything else.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { documentModelFile } from '../export/fromDocument';
import { ExportError, exportGraph } from '../export/graph';
import { UnsupportedOpError } from '../export/opTable';
import { exportTarget } from '../export/targets';
import { exportUsage, parseExportArgs } from './exportArgs';
import { describeErrors, readInput } from './readInput';

const fail = (code: number, message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

function main(argv: readonly string[]): undefined {
  const args = parseExportArgs(argv);
  if (args.ok === 'help') {
    console.log(exportUsage());
    return;
  }
  if (!args.ok) return fail(2, `error: ${args.error}\n\n${exportUsage()}`);
  const { model, to, out } = args.args;
  const opened = readInput(model);
  if (opened.kind === 'error') return fail(2, `error: ${model}:\n${describeErrors(opened)}`);
  let files: ReturnType<ReturnType<typeof exportTarget>['write']>;
  try {
    const { file, weights } =
      opened.kind === 'model' ? { file: opened.model, weights: opened.weights } : documentModelFile(opened.doc);
    const graph = exportGraph(file, weights);
    files = exportTarget(to).write(graph);
  } catch (e) {
    if (e instanceof UnsupportedOpError || e instanceof ExportError)
      return fail(1, `error: ${model} cannot be exported to ${to}:\n${e.message}`);
    throw e;
  }
  for (const f of files) {
    const path = join(out, f.path);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, f.data);
  }
  console.log(`wrote ${files.map((f) => f.path).join(', ')} to ${out}`);
  return undefined;
}

try {
  main(process.argv.slice(2));
} catch (e) {
  fail(1, `error: ${(e as Error).stack ?? (e as Error).message}`);
}

/**
 * `npm run export -- model.json --to pytorch --out dir/`: the model as a package for another
 * engine (docs/export.md). Exit codes (docs/cli.md): 0 done (and for --help), 2 a usage mistake
 * or a file or --out refused, 1 a model the target cannot express (each generator named) or
 * anything else.
 */
import { loadDatasetNode } from '../data/catalogNode';
import { recordedPreparation } from '../data/preparation';
import { ExportError, exportGraph } from '../export/graph';
import { UnsupportedOpError } from '../export/opTable';
import { exportTarget } from '../export/targets';
import { DocumentModelError, documentModelFile } from '../model/documentModelFile';
import { CliError, refused, runCommand, usageError } from './command';
import { exportUsage, parseExportArgs } from './exportArgs';
import { outFolderProblem, writeOrRescue } from './outputs';
import { describeErrors, readInput } from './readInput';

/** The model's dataset, for the README's split sizes; none when it cannot be loaded here (an imported CSV). */
async function loadedData(d: { readonly id: string; readonly options: Readonly<Record<string, unknown>> }) {
  try {
    return await loadDatasetNode(d.id, { ...d.options });
  } catch {
    return undefined;
  }
}

export async function main(argv: readonly string[]): Promise<number> {
  const args = parseExportArgs(argv);
  if (args.ok === 'help') {
    console.log(exportUsage());
    return 0;
  }
  if (!args.ok) throw usageError(args.error, exportUsage());
  const { model, to, out } = args.args;
  const opened = await readInput(model);
  if (opened.kind === 'error') throw refused(`${model}: ${describeErrors(opened)}`);
  const outProblem = outFolderProblem('--out', out);
  if (outProblem) throw refused(outProblem);
  let files: ReturnType<ReturnType<typeof exportTarget>['write']>;
  try {
    const { file, weights } =
      opened.kind === 'model' ? { file: opened.model, weights: opened.weights } : documentModelFile(opened.doc);
    const ds = await loadedData(file.trainingConfig.dataset);
    const graph = exportGraph(file, weights);
    // a document's package gets the preparation a run on its dataset would record (docs/data-export.md)
    const d = file.trainingConfig.dataset;
    const preparation = d.preparation ?? (opened.kind === 'document' && ds ? recordedPreparation(ds, d) : undefined);
    const training = { ...graph.training, dataset: { ...d, preparation } };
    files = exportTarget(to).write({ ...graph, training, ...(ds ? { datasetRows: ds.n } : {}) });
  } catch (e) {
    if (e instanceof UnsupportedOpError || e instanceof ExportError || e instanceof DocumentModelError)
      throw new CliError(`${model} cannot be exported to ${to}: ${e.message}`);
    throw e;
  }
  const written = writeOrRescue(out, files, `the ${to} package to ${out}`);
  if (!written.ok) throw new CliError(written.error);
  console.log(`wrote ${files.map((f) => f.path).join(', ')} to ${out}`);
  return 0;
}

runCommand(main, import.meta.url);

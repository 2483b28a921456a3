/**
 * `npm run conformance -- --runtime lensboard|pytorch|onnx`: a runtime held to the conformance
 * suite, case by case (conformance/README.md). Exit codes (docs/cli.md): 0 no case failed (and
 * for --help), 2 a usage mistake or a suite folder refused, 1 a case failed or anything else.
 */
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { refused, runCommand, usageError } from './command';
import { conformanceUsage, parseConformanceArgs } from './conformance/args';
import { resultsRuntime } from './conformance/resultsRuntime';
import { failures, reportLines, runSuite } from './conformance/run';
import { RUNTIMES } from './conformance/runtimes';
import { suiteInFolder } from './conformance/suiteFiles';

const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

export async function main(argv: readonly string[]): Promise<number> {
  const args = parseConformanceArgs(argv);
  if (args.ok === 'help') {
    console.log(conformanceUsage());
    return 0;
  }
  if (!args.ok) throw usageError(args.error, conformanceUsage());
  const { runtime, results, only } = args.args;
  const dir = args.args.suite ?? join(import.meta.dirname, '..', '..', 'conformance');
  if (!existsSync(join(dir, 'manifest.json'))) throw refused(`${dir}: no manifest.json, so no conformance suite`);
  if (results !== undefined && !isFolder(results)) throw refused(`--results ${results}: not a folder`);
  const suite = suiteInFolder(dir);
  const cases = suite.manifest.cases.filter((c) => only === undefined || c.id.includes(only));
  if (cases.length === 0) throw usageError(`--only ${only}: no case's id contains it`, conformanceUsage());
  const chosen = results !== undefined ? resultsRuntime(results) : await RUNTIMES[runtime as string].load();
  const judged = await runSuite(suite, chosen, cases);
  for (const line of reportLines(chosen.name, judged)) console.log(line);
  return failures(judged) > 0 ? 1 : 0;
}

runCommand(main, import.meta.url);

/**
 * Arguments of `npm run conformance`, read by the commands' one parser (../flags.ts).
 */
import { type Flag, type Parsed, parseFlags, parsing } from '../flags';
import { RUNTIME_NAMES, RUNTIMES } from './runtimes';

export interface ConformanceArgs {
  /** A runtime's name, or undefined when `results` is given. */
  readonly runtime?: string;
  readonly results?: string;
  readonly suite?: string;
  readonly only?: string;
}

const runtimeLines = () =>
  RUNTIME_NAMES.map((n) => `                          ${n.padEnd(10)} ${RUNTIMES[n].summary}`).join('\n');

export const conformanceUsage = () => `usage: npm run conformance -- --runtime <name> [--suite <dir>] [--only <text>]
       npm run conformance -- --results <dir> [--suite <dir>] [--only <text>]
  Holds a runtime to the conformance suite (conformance/README.md) and prints one line per
  case: pass, FAIL (with the value that failed) or refused (with the reason), each with the
  largest difference from the expected values. Exit 0 when no case fails, 1 when one does.
  --help                  print this and exit
  --runtime <name>        the runtime to run, one of:
${runtimeLines()}
  --results <dir>         judge the answers another runtime wrote: <dir>/<case id>.json
  --suite <dir>           the suite's folder (default: conformance/ of this repository)
  --only <text>           only the cases whose id contains the text
  --debug                 on an error, print its stack trace too`;

const FLAGS: Record<string, Flag> = {
  runtime: { kind: 'choice', key: 'runtime', choices: RUNTIME_NAMES },
  results: { kind: 'string', key: 'results' },
  suite: { kind: 'string', key: 'suite' },
  only: { kind: 'string', key: 'only' },
};

export function parseConformanceArgs(argv: readonly string[]): Parsed<ConformanceArgs> | { readonly ok: 'help' } {
  if (argv.includes('--help') || argv.includes('-h')) return { ok: 'help' };
  return parsing(() => {
    const { positional, values } = parseFlags(argv, FLAGS);
    if (positional.length > 0) throw new Error(`unexpected argument '${positional[0]}'`);
    const runtime = values.runtime as string | undefined;
    const results = values.results as string | undefined;
    if ((runtime === undefined) === (results === undefined)) throw new Error('give one of --runtime or --results');
    return { runtime, results, suite: values.suite as string | undefined, only: values.only as string | undefined };
  });
}

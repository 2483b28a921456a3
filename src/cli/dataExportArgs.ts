/**
 * Arguments of `npm run data -- [export <dataset | document.json | model.json> --out <dir>]`,
 * read by the commands' one parser (flags.ts). Without arguments the command builds MNIST's
 * binary as it always has (buildMnist.mjs).
 */
import { DEBUG_USAGE } from './command';
import { type Flag, type Parsed, parseFlags, parsing } from './flags';

export interface DataExportArgs {
  /** A dataset id of the catalog, or a document or model file whose binding and split are used. */
  readonly source: string;
  readonly out: string;
  readonly seed?: number;
  readonly testFraction?: number;
  readonly options?: string;
  readonly force: boolean;
}

export type DataArgs =
  | { readonly command: 'build'; readonly force: boolean }
  | ({ readonly command: 'export' } & DataExportArgs);

export const DATA_USAGE = `usage: npm run data -- [export <dataset | document.json | model.json> --out <dir> [options]]
  Without arguments: builds public/data/mnist.bin from the mnist package (--force rebuilds it).
  export: writes the dataset's raw rows, before their preparation, as <dataset>.csv (a
  column 'split' says train or test, cut as the trainer cuts them) and beside it
  <dataset>.preparation.json (the dataset, the split and the preparation; docs/data-export.md).
  A document or a model file gives its dataset, options, seed and test fraction.
  --help                  print this and exit
  --out <dir>             the folder to write into (made if missing)
  --seed <n>              seed of the split (default: the document's, else 1)
  --test-fraction <x>     fraction of rows held out for testing, in [0, 1) (default: the
                          document's, else 0)
  --options <json>        the dataset's options, e.g. '{"classes":2}' for iris-z2
  --force                 replace files of the same names (else an existing one is refused)
${DEBUG_USAGE}`;

const FLAGS: Record<string, Flag> = {
  out: { kind: 'string', key: 'out' },
  seed: { kind: 'int', key: 'seed', min: 0, max: 2 ** 31 - 1 },
  'test-fraction': { kind: 'number', key: 'testFraction', min: 0, max: 0.999999 },
  options: { kind: 'string', key: 'options' },
  force: { kind: 'switch', key: 'force' },
};

export function parseDataArgs(argv: readonly string[]): Parsed<DataArgs> | { readonly ok: 'help' } {
  if (argv.includes('--help') || argv.includes('-h')) return { ok: 'help' };
  return parsing(() => {
    if (argv[0] !== 'export') {
      const unknown = argv.find((a) => a !== '--force');
      if (unknown !== undefined) throw new Error(`unknown argument '${unknown}': give export, --force or nothing`);
      return { command: 'build' as const, force: argv.includes('--force') };
    }
    const { positional, values } = parseFlags(argv.slice(1), FLAGS);
    if (positional.length !== 1) throw new Error(`name one dataset to export, got ${positional.length}`);
    if (values.out === undefined) throw new Error('--out is required');
    return { command: 'export' as const, force: false, ...values, source: positional[0] } as DataArgs;
  });
}

/**
 * Arguments of `npm run export -- <model.json | model.onnx> --to <target> --out <dir>`, read by the commands'
 * one parser (flags.ts); the target choices are the export registry's (export/targets.ts).
 */
import { EXPORT_TARGETS } from '../export/targets';
import { type Flag, type Parsed, parseFlags, parsing } from './flags';

export interface ExportArgs {
  readonly model: string;
  readonly to: string;
  readonly out: string;
}

const targetLines = () => EXPORT_TARGETS.map((t) => `      ${t.id.padEnd(10)} ${t.summary}`).join('\n');

export const exportUsage =
  () => `usage: npm run export -- <model.json | document.json | model.onnx> --to <target> --out <dir>
  Writes the model as a package another engine runs (docs/export.md). A document without
  weights exports with the weights its initialisers draw from its seed; an ONNX file (named
  .onnx, or told by its bytes) with its initialisers, drawn as the app's Open draws it.
  --help              print this and exit
  --to <target>       one of:
${targetLines()}
  --out <dir>         the folder to write the package into (made if missing; its files
                      of the same names are replaced)
  --debug             on an error, print its stack trace too`;

const FLAGS = (): Record<string, Flag> => ({
  to: { kind: 'choice', key: 'to', choices: EXPORT_TARGETS.map((t) => t.id) },
  out: { kind: 'string', key: 'out' },
});

export function parseExportArgs(argv: readonly string[]): Parsed<ExportArgs> | { readonly ok: 'help' } {
  if (argv.includes('--help') || argv.includes('-h')) return { ok: 'help' };
  return parsing(() => {
    const { positional, values } = parseFlags(argv, FLAGS());
    if (positional.length !== 1) throw new Error(`give one model file, got ${positional.length} arguments`);
    if (values.to === undefined) throw new Error('--to is required');
    if (values.out === undefined) throw new Error('--out is required');
    return { model: positional[0], to: values.to as string, out: values.out as string };
  });
}

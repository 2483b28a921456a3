/**
 * `npm run predict -- model.json inputs.csv`: its arguments, the CSV of feature rows it reads
 * and the CSV of predictions it prints. A first line that is not all numbers is a header and
 * is skipped. Numbers are printed as JavaScript writes them, so each reads back to the same
 * float32 the model computed.
 */
import { parseFlags, parsing } from './flags';

export const PREDICT_USAGE = `usage: npm run predict -- <model.json> <inputs.csv> [--help]
  Prints one CSV line of predictions per row of inputs.csv, with a header y0,y1,…
  inputs.csv: one row of feature values per line, comma-separated; a header line is skipped.
  --help                  print this and exit`;

export type PredictArgs = { ok: true; model: string; inputs: string } | { ok: false; error: string } | { ok: 'help' };

/** Read by the commands' one option parser (./flags), which knows no options here but `--help`. */
export function parsePredictArgs(argv: readonly string[]): PredictArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { ok: 'help' };
  const parsed = parsing(() => {
    const { positional } = parseFlags(argv, {});
    const dashed = positional.find((a) => a.startsWith('-'));
    if (dashed) throw new Error(`unknown option ${dashed}`);
    if (positional.length !== 2)
      throw new Error(`give a model file and a CSV file, got ${positional.length} argument(s)`);
    return { model: positional[0], inputs: positional[1] };
  });
  return parsed.ok ? { ok: true, ...parsed.args } : parsed;
}

export type CsvRows = { ok: true; rows: number[][] } | { ok: false; error: string };

export function readFeatureRows(text: string, width: number): CsvRows {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const rows: number[][] = [];
  for (const [i, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const cells = line.split(',').map((c) => c.trim());
    const values = cells.map((c) => (c === '' ? Number.NaN : Number(c)));
    const bad = values.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0 && rows.length === 0 && i === lines.findIndex((l) => l.trim() !== '')) continue;
    if (bad >= 0)
      return { ok: false, error: `line ${i + 1}, column ${bad + 1}: '${cells[bad]}' is not a finite number` };
    if (values.length !== width) {
      return { ok: false, error: `line ${i + 1} has ${values.length} values; the model takes ${width} features` };
    }
    rows.push(values);
  }
  return { ok: true, rows };
}

export function predictionsCsv(predictions: readonly Float32Array[], width: number): string {
  const header = Array.from({ length: width }, (_, i) => `y${i}`).join(',');
  return `${[header, ...predictions.map((p) => Array.from(p, String).join(','))].join('\n')}\n`;
}

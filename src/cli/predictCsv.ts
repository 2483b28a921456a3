/**
 * `npm run predict -- model.json inputs.csv`: its arguments, the CSV of feature rows it reads
 * and the CSV of predictions it prints (docs/untrusted-input.md, "CSV"). Numbers are printed as
 * JavaScript writes them, so each reads back to the same float32 the model computed.
 */
import { looksLikeNumber, quoteCell, readNumberText } from '../data/numberText';
import { parseFlags, parsing } from './flags';

export const PREDICT_USAGE = `usage: npm run predict -- <model.json | model.onnx> <inputs.csv> [--help]
  Prints one CSV line of predictions per row of inputs.csv, with a header y0,y1,…
  model.onnx: an ONNX file (named .onnx, or told by its bytes), drawn as the app's Open draws it.
  inputs.csv: one row of feature values per line, comma-separated, plain decimals (1, -0.5, 2e-3);
              a first line of column names (none looking like a number) is skipped;
              read up to 20 MB (20971520 bytes).
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

/** Rows of features, flat (row-major), as the model runtime's `predict` takes them. */
export type CsvRows = { ok: true; rows: Float32Array; n: number } | { ok: false; error: string };

/**
 * Feature rows, one line at a time, so a file is read as a stream and only its numbers are
 * kept (docs/untrusted-input.md, "CSV"). Cells are read by the one number grammar
 * (data/numberText.ts). The first line that is not blank is a header only when no cell of it
 * looks like a number: `1,2o` is a first row with a typo, refused at its row and column, never
 * a header that drops a row. Rows count as the app's CSV import counts them: data rows from 1,
 * the header not counted, blank lines skipped but counted.
 */
export class FeatureRowReader {
  private lines = 0;
  private first = -1;
  private header: string[] | null = null;
  private data: Float32Array;
  private n = 0;
  private error: string | null = null;

  constructor(private readonly width: number) {
    this.data = new Float32Array(Math.max(1, width) * 64);
  }

  /** Reads one line (without its line break); false once a line was refused. */
  line(raw: string): boolean {
    if (this.error !== null) return false;
    const i = this.lines++;
    const text = i === 0 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.trim() === '') return true;
    const cells = text.split(',');
    if (this.first < 0) {
      this.first = i;
      if (cells.some((c) => c.trim() !== '') && !cells.some(looksLikeNumber)) {
        this.header = cells.map((c) => c.trim());
        if (cells.length !== this.width)
          this.error = `the header has ${cells.length} columns; the model takes ${this.width} features`;
        return this.error === null;
      }
    }
    const row = i - this.first + (this.header ? 0 : 1);
    if (cells.length !== this.width) {
      this.error = `row ${row} has ${cells.length} values; the model takes ${this.width} features`;
      return false;
    }
    if (this.data.length < (this.n + 1) * this.width) {
      const grown = new Float32Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    for (const [c, cell] of cells.entries()) {
      const read = readNumberText(cell);
      if (!read.ok) {
        const name = this.header ? ` (${quoteCell(this.header[c])})` : '';
        this.error = `row ${row}, column ${c + 1}${name}: ${read.reason}`;
        return false;
      }
      this.data[this.n * this.width + c] = read.value;
    }
    this.n++;
    return true;
  }

  /** Every row read, or the first problem; a file with no rows is refused, never predicted on. */
  end(): CsvRows {
    if (this.error !== null) return { ok: false, error: this.error };
    if (this.n === 0)
      return { ok: false, error: `no rows to predict (${this.header ? 'only a header' : 'the file is empty'})` };
    return { ok: true, rows: this.data.subarray(0, this.n * this.width), n: this.n };
  }
}

/** A whole text's rows, its lines split as the file reader's stream splits them (at CR LF, LF or CR). */
export function readFeatureRows(text: string, width: number): CsvRows {
  const reader = new FeatureRowReader(width);
  for (const line of text.split(/\r\n|\r|\n/)) if (!reader.line(line)) break;
  return reader.end();
}

/** Rows predicted per call: the model runtime allocates per row, so a big file goes in slices. */
export const PREDICT_BATCH = 4096;

/** The CSV of predictions, header `y0,y1,…`, written slice by slice as they are computed. */
export async function writePredictions(
  predict: (rows: Float32Array) => readonly Float32Array[],
  rows: Float32Array,
  inWidth: number,
  outWidth: number,
  write: (text: string) => void | Promise<void>,
): Promise<void> {
  await write(`${Array.from({ length: outWidth }, (_, i) => `y${i}`).join(',')}\n`);
  const n = rows.length / inWidth;
  for (let start = 0; start < n; start += PREDICT_BATCH) {
    const slice = rows.subarray(start * inWidth, Math.min(n, start + PREDICT_BATCH) * inWidth);
    const lines = predict(slice).map((p) => Array.from(p, String).join(','));
    await write(`${lines.join('\n')}\n`);
  }
}

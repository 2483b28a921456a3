/**
 * `npm run predict -- model.json inputs.csv`: its arguments, the CSV of feature rows it reads
 * and the CSV of predictions it prints (docs/untrusted-input.md, "CSV"). Numbers are printed as
 * JavaScript writes them, so each reads back to the same float32 the model computed.
 */
import { csvCell } from '../data/csvWrite';
import { looksLikeNumber, quoteCell, readNumberText } from '../data/numberText';
import { matchColumns, type Preparation } from '../data/preparation';
import { CsvRecords } from './csvRecords';
import { parseFlags, parsing } from './flags';

export const PREDICT_USAGE = `usage: npm run predict -- <model.json | model.onnx> <inputs.csv> [--prepared] [--verbose] [--help]
  Prints one CSV line of predictions per row of inputs.csv, with a header y0,y1,…, and for a
  classifier a last column class, the name of the class predicted.
  model.onnx: an ONNX file (named .onnx, or told by its bytes), drawn as the app's Open draws it.
  inputs.csv: one row of raw values per line, as the model's dataset has them (MNIST's grey
              levels 0…255, Iris in centimetres, a CSV's columns before standardising): the
              model file's preparation is applied to them. Comma-separated plain decimals
              (1, -0.5, 2e-3); a cell may be quoted as RFC 4180 says. A first line of column names (none looking like a number) is
              matched to the model's feature names, in any order; a missing or unknown column
              is refused, naming it. Without that line, columns are in the model's order.
              Read up to 20 MB (20971520 bytes).
  --prepared              the rows are already prepared (the numbers the model was trained on)
  --verbose               also print one line about the model on stderr: its name, format,
                          training and the engine that trained it
  --help                  print this and exit`;

export type PredictArgs =
  | { ok: true; model: string; inputs: string; prepared: boolean; verbose: boolean }
  | { ok: false; error: string }
  | { ok: 'help' };

/** Read by the commands' one option parser (./flags), which knows `--prepared`, `--verbose` and `--help`. */
export function parsePredictArgs(argv: readonly string[]): PredictArgs {
  if (argv.includes('--help') || argv.includes('-h')) return { ok: 'help' };
  const prepared = argv.includes('--prepared');
  const parsed = parsing(() => {
    const { positional, values } = parseFlags(
      argv.filter((a) => a !== '--prepared'),
      { verbose: { kind: 'switch', key: 'verbose' } },
    );
    const dashed = positional.find((a) => a.startsWith('-'));
    if (dashed) throw new Error(`unknown option ${dashed}`);
    if (positional.length !== 2)
      throw new Error(`give a model file and a CSV file, got ${positional.length} argument(s)`);
    return { model: positional[0], inputs: positional[1], verbose: values.verbose === true };
  });
  return parsed.ok ? { ok: true, ...parsed.args, prepared } : parsed;
}

/**
 * Rows of values, flat (row-major), in the model's column order: float64, so that ℤ₂
 * thresholds compare the value as written (data/preparation.ts).
 */
export type CsvRows =
  | { ok: true; rows: Float64Array; n: number; header: string[] | null }
  | { ok: false; error: string };

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/**
 * Feature rows, read from chunks of text, so a file is read as a stream and only its numbers
 * are kept (docs/untrusted-input.md, "CSV"). Records are split as the app's import splits them
 * (./csvRecords: RFC 4180 quoting) and cells are read by the one number grammar
 * (data/numberText.ts). The first record that is not blank is a header only when no cell of it
 * looks like a number: `1,2o` is a first row with a typo, refused at its row and column, never
 * a header that drops a row. Rows count as the app's CSV import counts them: data rows from 1,
 * the header not counted, blank records skipped but counted.
 */
export class FeatureRowReader {
  private readonly records = new CsvRecords((cells) => this.record(cells));
  private lines = 0;
  private first = -1;
  private header: string[] | null = null;
  /** Where the value of each of the model's columns is in a line: by the header's names, else in place. */
  private order: number[] | null = null;
  private data: Float64Array;
  private n = 0;
  private error: string | null = null;

  /** `names`: the model's raw column names, matched against a header (data/preparation.ts). */
  constructor(
    private readonly width: number,
    private readonly names?: Preparation,
  ) {
    this.data = new Float64Array(Math.max(1, width) * 64);
  }

  /** Reads a header line: matched to the names when there are names, else only counted. */
  private readHeader(cells: string[]): boolean {
    const header = cells.map((c) => c.trim());
    this.header = header;
    if (!this.names) {
      if (cells.length !== this.width)
        this.error = `the header has ${plural(cells.length, 'column', 'columns')}; the model takes ${plural(this.width, 'feature', 'features')}`;
      return this.error === null;
    }
    const twice = header.find((h, i) => header.indexOf(h) !== i);
    if (twice !== undefined) {
      this.error = `column ${quoteCell(twice)} is in the header twice`;
      return false;
    }
    const matched = matchColumns(this.names, header);
    if (!matched.ok) this.error = matched.error;
    else this.order = matched.order;
    return matched.ok;
  }

  /** Reads a chunk of the text; false once a record was refused. */
  push(chunk: string): boolean {
    return this.error === null && (this.records.push(chunk) || this.malformed());
  }

  /** The row of the record being read, as a refusal names it. */
  private rowHere(): string {
    if (this.first < 0) return 'the first row';
    return `row ${this.lines - this.first + (this.header ? 0 : 1)}`;
  }

  private malformed(): false {
    if (this.error === null && this.records.problem !== null)
      this.error = `${this.rowHere()}: malformed CSV: ${this.records.problem}`;
    return false;
  }

  /** Reads one record's cells; false once a record was refused. */
  private record(cells: string[]): boolean {
    if (this.error !== null) return false;
    const i = this.lines++;
    if (cells.length === 1 && cells[0].trim() === '') return true;
    if (this.first < 0) {
      this.first = i;
      if (cells.some((c) => c.trim() !== '') && !cells.some(looksLikeNumber)) return this.readHeader(cells);
    }
    const row = i - this.first + (this.header ? 0 : 1);
    const expected = this.header?.length ?? this.width;
    if (cells.length !== expected) {
      const what = !this.names
        ? `the model takes ${plural(expected, 'feature', 'features')}`
        : this.header
          ? `the header has ${plural(expected, 'column', 'columns')}`
          : `the model reads ${plural(expected, 'raw column', 'raw columns')}`;
      this.error = `row ${row} has ${plural(cells.length, 'value', 'values')}; ${what}`;
      return false;
    }
    if (this.data.length < (this.n + 1) * this.width) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    for (let j = 0; j < this.width; j++) {
      const c = this.order ? this.order[j] : j;
      const read = readNumberText(cells[c]);
      if (!read.ok) {
        const name = this.header ? ` (${quoteCell(this.header[c])})` : '';
        this.error = `row ${row}, column ${c + 1}${name}: ${read.reason}`;
        return false;
      }
      this.data[this.n * this.width + j] = read.value;
    }
    this.n++;
    return true;
  }

  /** Every row read, or the first problem; a file with no rows is refused, never predicted on. */
  end(): CsvRows {
    if (this.error === null && !this.records.end()) this.malformed();
    if (this.error !== null) return { ok: false, error: this.error };
    if (this.n === 0)
      return { ok: false, error: `no rows to predict (${this.header ? 'only a header' : 'the file is empty'})` };
    return { ok: true, rows: this.data.subarray(0, this.n * this.width), n: this.n, header: this.header };
  }
}

/** A whole text's rows, read as one chunk of the file reader's stream. */
export function readFeatureRows(text: string, width: number, names?: Preparation): CsvRows {
  const reader = new FeatureRowReader(width, names);
  reader.push(text);
  return reader.end();
}

/** Rows predicted per call: the model runtime allocates per row, so a big file goes in slices. */
export const PREDICT_BATCH = 4096;

/**
 * The CSV of predictions, header `y0,y1,…` (and `class` when `className` is given), written
 * slice by slice as they are computed; a class name is one cell as every CSV of Lensboard writes
 * it (quoted as RFC 4180 says, a formula guarded: data/csvGuard.ts).
 */
export async function writePredictions(
  predict: (rows: Float64Array) => readonly Float32Array[],
  rows: Float64Array,
  inWidth: number,
  outWidth: number,
  write: (text: string) => void | Promise<void>,
  className?: (prediction: Float32Array) => string | null,
): Promise<void> {
  const ys = Array.from({ length: outWidth }, (_, i) => `y${i}`);
  await write(`${[...ys, ...(className ? ['class'] : [])].join(',')}\n`);
  const n = rows.length / inWidth;
  const label = (p: Float32Array) => (className ? [csvCell(className(p) ?? '')] : []);
  for (let start = 0; start < n; start += PREDICT_BATCH) {
    const slice = rows.subarray(start * inWidth, Math.min(n, start + PREDICT_BATCH) * inWidth);
    const lines = predict(slice).map((p) => [...Array.from(p, String), ...label(p)].join(','));
    await write(`${lines.join('\n')}\n`);
  }
}

/**
 * `npm run predict -- model.json inputs.csv [--prepared]`: predictions of a model file for raw
 * rows (its preparation applied; docs/cli.md, "Predicting from raw rows"), as CSV on stdout, on the typed-array engine (float32, as the trainer computes).
 * Exit codes (docs/cli.md): 0 done (and for --help), 2 a usage mistake or a file refused, 1
 * anything else. The CSV is streamed and capped, and a CSV of no rows is refused at once
 * (docs/untrusted-input.md, "CSV").
 */
import { shapeSize } from '../core/shape';
import { rawWidth } from '../data/preparation';
import { DEBUG_USAGE, refused, runCommand, usageError } from './command';
import { modelSummary } from './modelSummary';
import { FeatureRowReader, PREDICT_USAGE, parsePredictArgs, writePredictions } from './predictCsv';
import { readCsvFile, readTrainedModel } from './readInput';

/** The parser's usage, and the option every command takes. */
const USAGE = `${PREDICT_USAGE}\n${DEBUG_USAGE}`;

/** Waits when stdout's buffer is full, so a long output is never held whole in memory. */
const write = (text: string): Promise<void> | undefined =>
  process.stdout.write(text) ? undefined : new Promise((done) => process.stdout.once('drain', done));

export async function main(argv: readonly string[]): Promise<number> {
  const args = parsePredictArgs(argv);
  if (args.ok === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!args.ok) throw usageError(args.error, USAGE);
  const model = await readTrainedModel(args.model);
  if (args.verbose) console.error(modelSummary(args.model, model.file));
  // Raw rows are read by the preparation's column names; prepared ones (or a file without one) by position.
  const names = args.prepared ? undefined : (model.preparation ?? undefined);
  const width = names ? rawWidth(names) : shapeSize(model.inputShape);
  const rows = await readCsvFile(args.inputs, new FeatureRowReader(width, names));
  if (!rows.ok) throw refused(`${args.inputs}: ${rows.error}`);
  const classifier = model.preparation?.classes ? (y: Float32Array) => model.className(y) : undefined;
  const predict = (r: Float64Array) => model.predict(r, { prepared: args.prepared });
  await writePredictions(predict, rows.rows, width, shapeSize(model.outputShape), write, classifier);
  return 0;
}

runCommand(main, import.meta.url);

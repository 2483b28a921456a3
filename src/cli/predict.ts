/**
 * `npm run predict -- model.json inputs.csv`: predictions of a model file for rows of
 * features, as CSV on stdout, on the typed-array engine (float32, as the trainer computes).
 * Exit codes (docs/cli.md): 0 done (and for --help), 2 a usage mistake or a file refused, 1
 * anything else. A CSV of no rows gives the header line alone.
 */
import { readFileSync } from 'node:fs';
import { shapeSize } from '../core/shape';
import { loadModel, ModelFileError } from '../io/modelRuntime';
import { DEBUG_USAGE, describeError, refused, runCommand, usageError } from './command';
import { PREDICT_USAGE, parsePredictArgs, predictionsCsv, readFeatureRows } from './predictCsv';
import { describeErrors, readInput } from './readInput';

/** The parser's usage, and the option every command takes. */
const USAGE = `${PREDICT_USAGE}\n${DEBUG_USAGE}`;

function main(argv: readonly string[]): number {
  const args = parsePredictArgs(argv);
  if (args.ok === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!args.ok) throw usageError(args.error, USAGE);
  const opened = readInput(args.model);
  if (opened.kind === 'error') throw refused(`${args.model}: ${describeErrors(opened)}`);
  if (opened.kind !== 'model') throw refused(`${args.model} is a document without weights; train it first`);
  let model: ReturnType<typeof loadModel>;
  try {
    model = loadModel({ ...opened.model });
  } catch (e) {
    if (e instanceof ModelFileError) throw refused(`${args.model}: ${e.message}`);
    throw e;
  }
  let text: string;
  try {
    text = readFileSync(args.inputs, 'utf8');
  } catch (e) {
    throw refused(`${args.inputs}: cannot read it: ${describeError(e).replace(`${args.inputs}: `, '')}`);
  }
  const width = shapeSize(model.inputShape);
  const rows = readFeatureRows(text, width);
  if (!rows.ok) throw refused(`${args.inputs}: ${rows.error}`);
  const out = model.predict(rows.rows);
  process.stdout.write(predictionsCsv(out, shapeSize(model.outputShape)));
  return 0;
}

runCommand(main);

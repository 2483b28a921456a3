/**
 * `npm run predict -- model.json inputs.csv`: predictions of a model file for rows of
 * features, as CSV on stdout, on the typed-array engine (float32, as the trainer computes).
 * Exit codes: 0 done (and for --help), 2 a usage mistake or a file refused, 1 anything else.
 */
import { readFileSync } from 'node:fs';
import { shapeSize } from '../core/shape';
import { loadModel, ModelFileError } from '../io/modelRuntime';
import { PREDICT_USAGE, parsePredictArgs, predictionsCsv, readFeatureRows } from './predictCsv';
import { describeErrors, readInput } from './readInput';

const fail = (code: number, message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(code);
};

function main(argv: readonly string[]): undefined {
  const args = parsePredictArgs(argv);
  if (args.ok === 'help') {
    console.log(PREDICT_USAGE);
    return;
  }
  if (!args.ok) return fail(2, `error: ${args.error}\n\n${PREDICT_USAGE}`);
  const opened = readInput(args.model);
  if (opened.kind === 'error') return fail(2, `error: ${args.model}:\n${describeErrors(opened)}`);
  if (opened.kind !== 'model') return fail(2, `error: ${args.model} is a document without weights; train it first`);
  let model: ReturnType<typeof loadModel>;
  try {
    model = loadModel({ ...opened.model });
  } catch (e) {
    if (e instanceof ModelFileError) return fail(2, `error: ${args.model}:\n${e.message}`);
    throw e;
  }
  let text: string;
  try {
    text = readFileSync(args.inputs, 'utf8');
  } catch (e) {
    return fail(2, `error: cannot read ${args.inputs}: ${(e as Error).message}`);
  }
  const width = shapeSize(model.inputShape);
  const rows = readFeatureRows(text, width);
  if (!rows.ok) return fail(2, `error: ${args.inputs}: ${rows.error}`);
  const out = model.predict(rows.rows);
  process.stdout.write(predictionsCsv(out, shapeSize(model.outputShape)));
}

try {
  main(process.argv.slice(2));
} catch (e) {
  fail(1, `error: ${(e as Error).stack ?? (e as Error).message}`);
}

/**
 * The table of bad arguments, paths and files that badArguments.test.ts runs every command over:
 * each case names the command, its arguments, what the one line on stderr must say and the exit
 * (`'usage'`: exit 2 with the usage after the line). The scratch folder's files are the test's.
 */
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '../..');
export const xor = join(repo, 'src/io/examples/xor.json');
export const model = join(repo, 'src/io/fixtures/model-v1.json');

export const COMMANDS = ['train', 'predict', 'experiment', 'export', 'conformance', 'data', 'sample'] as const;

export type Command = (typeof COMMANDS)[number];

export interface Case {
  readonly command: Command;
  readonly name: string;
  readonly args: readonly string[];
  /** The one line names this. */
  readonly says: RegExp;
  /** 'usage': the mistake is in the arguments, so the usage follows the line (exit 2). */
  readonly exit: 'usage' | 1 | 2;
}

const by =
  (command: Command) =>
  (name: string, args: readonly string[], says: RegExp, exit: Case['exit'] = 'usage'): Case => ({
    command,
    name,
    args,
    says,
    exit,
  });
const [train, predict, experiment, exportTo, conformance, data, sample] = COMMANDS.map(by);
const NO_FILE = /nothing\.(json|csv): cannot read it: no such file or folder/;
const FOLDER = /folder: is a folder, not a file/;
const NOT_JSON = /broken\.json: .*JSON/i;
const BELOW_FILE = /existing\.txt, which is a file, not a folder/;

/**
 * The table: for each command, bad arguments, paths and files, and what the one line says. `at`
 * names a file or folder in the test's scratch folder (badArguments.test.ts makes them: `folder`,
 * `broken.json`, `array.json`, `existing.txt`, `rows.csv`, `kept/iris.csv`…).
 */
export function badArgumentCases(at: (name: string) => string): readonly Case[] {
  const onnx = (...args: string[]) => ['--to', 'onnx', '--out', at('pkg'), ...args];
  return [
    train('unknown flag', [xor, '--frobnicate'], /unknown option --frobnicate/),
    train('missing value', [xor, '--epochs'], /--epochs needs a value/),
    train('bad number', [xor, '--lr', 'fast'], /--lr must be a number > 0, got 'fast'/),
    train(
      'fraction out of range',
      [xor, '--test-fraction', '1'],
      /--test-fraction must be a number in \[0, 0.999999\]/,
    ),
    train('no document', [], /no document given/),
    train('missing file', [at('nothing.json')], NO_FILE, 2),
    train('a folder as the document', [at('folder')], FOLDER, 2),
    train('malformed JSON', [at('broken.json')], NOT_JSON, 2),
    train('wrong format', [at('array.json')], /array\.json: /, 2),
    train(
      'absent output folder',
      [xor, '--out', '/no/such/dir/m.json'],
      /--out \/no\/such\/dir\/m\.json: no folder /,
      2,
    ),
    train('a folder as the output file', [xor, '--out', at('folder')], /--out .*folder is a folder/, 2),
    train('an output below a file', [xor, '--out', join(at('existing.txt'), 'm.json')], BELOW_FILE, 2),
    train(
      'a test fraction leaving no rows',
      [xor, '--test-fraction', '0.999999', '--epochs', '1'],
      /test fraction of 0\.999999 leaves 0 of the 500 rows to train on \(500 held out/,
      1,
    ),
    train('a dataset for a model', [model, '--dataset', 'iris'], /--dataset cannot change a model's dataset/, 2),

    sample('no prompt', [model], /give the text to continue with --prompt/),
    sample('no sequence model', [model, '--prompt', 'a'], /model-v1\.json: the model file records no vocabulary/, 2),

    predict('unknown flag', [model, at('rows.csv'), '--fast'], /unknown option --fast/),
    predict('missing argument', [model], /give a model file and a CSV file, got 1/),
    predict('missing model', [at('nothing.json'), at('rows.csv')], NO_FILE, 2),
    predict('a folder as the model', [at('folder'), at('rows.csv')], FOLDER, 2),
    predict('malformed JSON model', [at('broken.json'), at('rows.csv')], NOT_JSON, 2),
    predict('a document for a model', [xor, at('rows.csv')], /xor\.json is a document without weights; train it/, 2),
    predict('a CSV for a model', [at('rows.csv'), at('rows.csv')], /rows\.csv: /, 2),
    predict('missing CSV', [model, at('nothing.csv')], NO_FILE, 2),
    predict('a folder as the CSV', [model, at('folder')], /folder: cannot read it: is a folder/, 2),

    experiment('unknown flag', ['iris-simple', '--fast'], /unknown option --fast/),
    experiment('missing value', ['iris-simple', '--seeds'], /--seeds needs a value/),
    experiment('bad number', ['iris-simple', '--seeds', '0'], /--seeds must be an integer ≥ 1, got '0'/),
    experiment('bad engine', ['iris-simple', '--engine', 'gpu'], /--engine must be one of typed/),
    experiment('unknown experiment', ['iris-complex'], /no experiment 'iris-complex'; known: iris-simple/),
    experiment('no experiment', [], /name an experiment/),

    exportTo('unknown flag', [model, ...onnx('--zip')], /unknown option --zip/),
    exportTo('missing value', [model, '--out', at('pkg'), '--to'], /--to needs a value/),
    exportTo('unknown target', [model, '--to', 'keras', '--out', at('pkg')], /--to must be one of .*got 'keras'/),
    exportTo('no --out', [model, '--to', 'onnx'], /--out is required/),
    exportTo('missing model', [at('nothing.json'), ...onnx()], NO_FILE, 2),
    exportTo('a folder as the model', [at('folder'), ...onnx()], FOLDER, 2),
    exportTo('malformed JSON model', [at('broken.json'), ...onnx()], NOT_JSON, 2),
    exportTo('wrong format', [at('array.json'), ...onnx()], /array\.json: /, 2),
    exportTo(
      'an existing file as the output folder',
      [model, '--to', 'onnx', '--out', at('existing.txt')],
      /--out .*existing\.txt is a file; name a folder/,
      2,
    ),
    exportTo(
      'an output below a file',
      [model, '--to', 'onnx', '--out', join(at('existing.txt'), 'pkg')],
      BELOW_FILE,
      2,
    ),

    conformance(
      'unknown runtime',
      ['--runtime', 'keras'],
      /--runtime must be one of lensboard, pytorch, numpy, onnx, got 'keras'/,
    ),
    conformance('no runtime', [], /give one of --runtime or --results/),
    conformance(
      'a suite folder without a manifest',
      ['--runtime', 'onnx', '--suite', at('folder')],
      /folder: no manifest\.json/,
      2,
    ),
    conformance(
      'results that are a file',
      ['--results', at('existing.txt')],
      /--results .*existing\.txt: not a folder/,
      2,
    ),

    data('unknown argument', ['frobnicate'], /unknown argument 'frobnicate': give export, --force or nothing/),
    data(
      'unknown dataset',
      ['export', 'irs', '--out', at('data')],
      /unknown dataset 'irs'; known: xor, .*mnist, text, reverse, addition$/,
    ),
    data('no --out', ['export', 'iris'], /--out is required/),
    data('bad options', ['export', 'iris-z2', '--options', '{"classes": 5}', '--out', at('data')], /classes/),
    data('options not JSON', ['export', 'iris', '--options', '{classes', '--out', at('data')], /--options is not JSON/),
    data('a missing document', ['export', at('nothing.json'), '--out', at('data')], NO_FILE),
    data('an output below a file', ['export', 'iris', '--out', join(at('existing.txt'), 'data')], BELOW_FILE),
    data(
      'an existing file',
      ['export', 'iris', '--out', at('kept')],
      /kept\/iris\.csv already exists; --force replaces it/,
    ),
  ];
}

/**
 * Arguments of `npm run train -- <document.json | model.json | model.onnx> [options]`, read by the commands' one parser
 * (`flags.ts`); a mistake comes back as a sentence for the user (printed with the usage, exit 2).
 */
import { DEBUG_USAGE } from './command';
import { CLI_ENGINES, type CliEngine } from './engine';
import { type Flag, type Parsed, parseFlags, parsing } from './flags';

export interface TrainArgs {
  readonly document: string;
  readonly dataset?: string;
  readonly epochs?: number;
  readonly batch?: number;
  readonly seed?: number;
  readonly lr?: number;
  readonly testFraction?: number;
  readonly engine: CliEngine;
  readonly out?: string;
  readonly quiet: boolean;
}

export const USAGE = `usage: npm run train -- <document.json | model.json | model.onnx> [options]
  A model file resumes from its weights and optimiser state for --epochs more epochs. An ONNX
  file (named .onnx, or told by its bytes) trains from its weights, as the app opens it, on its
  dataset or on --dataset when the shapes fit, with the importer's loss and Adam at 0.001.
  --help                  print this and exit
  --dataset <id>          dataset to train on (default: the document's; an ONNX model's when
                          it carries one; a model file's cannot change)
  --epochs <n>            epochs (default: the document's training settings)
  --batch <n>             batch size
  --seed <n>              seed for initial weights, shuffling and the split
  --lr <x>                learning rate ε
  --test-fraction <x>     fraction of rows held out for testing, in [0, 1)
  --engine <name>         ${CLI_ENGINES.join(' | ')} (default: typed)
  --out <model.json>      where to write the trained model (checked before training; an
                          existing file is replaced)
  --quiet                 no progress lines
${DEBUG_USAGE}`;

const FLAGS: Record<string, Flag> = {
  dataset: { kind: 'string', key: 'dataset' },
  epochs: { kind: 'int', key: 'epochs', min: 1 },
  batch: { kind: 'int', key: 'batch', min: 1 },
  seed: { kind: 'int', key: 'seed', min: 0, max: 2 ** 31 - 1 },
  lr: { kind: 'number', key: 'lr', min: 0, above: true },
  'test-fraction': { kind: 'number', key: 'testFraction', min: 0, max: 0.999999 },
  engine: { kind: 'choice', key: 'engine', choices: CLI_ENGINES },
  out: { kind: 'string', key: 'out' },
  quiet: { kind: 'switch', key: 'quiet' },
};

export function parseTrainArgs(argv: readonly string[]): Parsed<TrainArgs> {
  return parsing(() => {
    const { positional, values } = parseFlags(argv, FLAGS);
    if (positional.length === 0) throw new Error('no document given');
    if (positional.length > 1) throw new Error(`one document at a time, got ${positional.join(', ')}`);
    return { engine: 'typed', quiet: false, ...values, document: positional[0] } as TrainArgs;
  });
}

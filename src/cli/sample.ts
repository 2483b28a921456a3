/**
 * `npm run sample -- model.json --prompt "abcd|"`: the continuation a model trained on a
 * sequence of characters writes (docs/cli.md, "Generating text"), on the typed-array engine in
 * float32, greedy or drawn at a temperature with a seed. Exit codes as every command's: 0 done
 * (and --help), 2 a usage mistake or a file refused, 1 anything else.
 */
import { sampleText, sequenceShape } from '../model/sample';
import { DEBUG_USAGE, refused, runCommand, usageError } from './command';
import { readTrainedModel } from './readInput';
import { parseSampleArgs, SAMPLE_USAGE } from './sampleArgs';

const USAGE = `${SAMPLE_USAGE}\n${DEBUG_USAGE}`;

export async function main(argv: readonly string[]): Promise<number> {
  const parsed = parseSampleArgs(argv);
  if (parsed.ok === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!parsed.ok) throw usageError(parsed.error, USAGE);
  const { args } = parsed;
  const model = await readTrainedModel(args.model);
  const shape = sequenceShape(model);
  if (typeof shape === 'string') throw refused(`${args.model}: ${shape}`);
  try {
    process.stdout.write(`${sampleText(model, args)}\n`);
  } catch (e) {
    throw usageError((e as Error).message, USAGE);
  }
  return 0;
}

runCommand(main, import.meta.url);

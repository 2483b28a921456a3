/**
 * `npm run sample`'s arguments (docs/cli.md, "Generating text"), read by the commands' one
 * option parser (./flags).
 */
import { MAX_SAMPLE_LENGTH } from '../model/sample';
import { parseFlags, parsing } from './flags';

export const SAMPLE_USAGE = `usage: npm run sample -- <model.json> --prompt <text> [--length N] [--temperature T] [--seed S] [--help]
  Prints the prompt's continuation by a model trained on a sequence of characters (the text,
  reverse or addition datasets), one token at a time from the logits of the last position.
  --prompt <text>         the characters to continue, each in the model's vocabulary
  --length N              how many characters to write (default 40, at most ${MAX_SAMPLE_LENGTH})
  --temperature T         0: greedy, the most likely character every time (the default);
                          above 0: drawn from softmax(logits / T), sharper below 1
  --seed S                the seed of the draws (default 1): the same seed, the same text
  --help                  print this and exit`;

export interface SampleArgs {
  readonly model: string;
  readonly prompt: string;
  readonly length: number;
  readonly temperature: number;
  readonly seed: number;
}

export type ParsedSample = { ok: true; args: SampleArgs } | { ok: false; error: string } | { ok: 'help' };

export function parseSampleArgs(argv: readonly string[]): ParsedSample {
  if (argv.includes('--help') || argv.includes('-h')) return { ok: 'help' };
  return parsing(() => {
    const { positional, values } = parseFlags(argv, {
      prompt: { kind: 'string', key: 'prompt' },
      length: { kind: 'int', key: 'length', min: 0, max: MAX_SAMPLE_LENGTH },
      temperature: { kind: 'number', key: 'temperature', min: 0, max: 100 },
      seed: { kind: 'int', key: 'seed', min: 0, max: 2 ** 32 - 1 },
    });
    const dashed = positional.find((a) => a.startsWith('-'));
    if (dashed) throw new Error(`unknown option ${dashed}`);
    if (positional.length !== 1) throw new Error(`give one model file, got ${positional.length} argument(s)`);
    if (values.prompt === undefined || values.prompt === '') throw new Error('give the text to continue with --prompt');
    return {
      model: positional[0],
      prompt: values.prompt as string,
      length: (values.length as number | undefined) ?? 40,
      temperature: (values.temperature as number | undefined) ?? 0,
      seed: (values.seed as number | undefined) ?? 1,
    };
  });
}

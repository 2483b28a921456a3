/**
 * Arguments of `npm run experiment -- <name> [--seeds n] [--engine e] [--epochs n]`, read by the
 * commands' one parser (`../flags.ts`); a mistake comes back as a sentence for the user
 * (printed with the usage, exit 2).
 */
import { CLI_ENGINES, type CliEngine } from '../engine';
import { type Flag, type Parsed, parseFlags, parsing } from '../flags';

export interface ExperimentArgs {
  readonly name: string;
  readonly seeds?: number;
  readonly firstSeed: number;
  readonly engine: CliEngine;
  readonly epochs?: number;
}

export const usage = (names: readonly string[]): string => `usage: npm run experiment -- <name> [options]
  <name>               ${names.join(' | ')}
  --seeds <n>          how many seeds to run (Iris default 10, MNIST default 1)
  --first-seed <n>     the first seed (default 1); seeds run first, first+1, …
  --engine <name>      ${CLI_ENGINES.join(' | ')} (default: typed)
  --epochs <n>         epochs (default: the document's training settings)
  --debug              on an error, print its stack trace too
catgpt has options of its own: npm run experiment -- catgpt --help.
rda-iris2 and rda-iris3 take no options: one ordered pass of Reverse Derivative Ascent, in float64,
on the UCI file's rows and on the corrected ones.`;

const FLAGS: Record<string, Flag> = {
  seeds: { kind: 'int', key: 'seeds', min: 1 },
  'first-seed': { kind: 'int', key: 'firstSeed', min: 0, max: 2 ** 31 - 1 },
  engine: { kind: 'choice', key: 'engine', choices: CLI_ENGINES },
  epochs: { kind: 'int', key: 'epochs', min: 1 },
};

export function parseExperimentArgs(argv: readonly string[], names: readonly string[]): Parsed<ExperimentArgs> {
  return parsing(() => {
    const { positional, values } = parseFlags(argv, FLAGS);
    if (positional.length === 0) throw new Error('name an experiment');
    if (positional.length > 1) throw new Error(`one experiment at a time, got ${positional.join(' ')}`);
    const name = positional[0];
    if (!names.includes(name)) throw new Error(`no experiment '${name}'; known: ${names.join(', ')}`);
    return { engine: 'typed', firstSeed: 1, ...values, name } as ExperimentArgs;
  });
}

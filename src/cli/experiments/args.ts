/**
 * Arguments of `npm run experiment -- <name> [--seeds n] [--engine e] [--epochs n]`: a mistake
 * comes back as a sentence for the user (printed with the usage, exit 2).
 */
import { EXPERIMENT_ENGINES, type ExperimentEngine } from './engine';

export interface ExperimentArgs {
  readonly name: string;
  readonly seeds?: number;
  readonly firstSeed: number;
  readonly engine: ExperimentEngine;
  readonly epochs?: number;
}

export const usage = (names: readonly string[]): string => `usage: npm run experiment -- <name> [options]
  <name>               ${names.join(' | ')}
  --seeds <n>          how many seeds to run (Iris default 10, MNIST default 1)
  --first-seed <n>     the first seed (default 1); seeds run first, first+1, …
  --engine <name>      ${EXPERIMENT_ENGINES.join(' | ')} (default: typed)
  --epochs <n>         epochs (default: the document's training settings)`;

type Parsed = { ok: true; args: ExperimentArgs } | { ok: false; error: string };

const positiveInt = (flag: string, v: string | undefined, min = 1): number | string => {
  const n = Number(v);
  return v !== undefined && Number.isInteger(n) && n >= min
    ? n
    : `--${flag} needs an integer ≥ ${min}, got ${v ?? 'nothing'}`;
};

export function parseExperimentArgs(argv: readonly string[], names: readonly string[]): Parsed {
  const positional: string[] = [];
  const values: Record<string, string | undefined> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) {
      positional.push(a);
      continue;
    }
    const [flag, inline] = a.slice(2).split('=', 2);
    if (!['seeds', 'first-seed', 'engine', 'epochs'].includes(flag))
      return { ok: false, error: `unknown option --${flag}` };
    values[flag] = inline ?? argv[++i];
  }
  if (positional.length !== 1)
    return {
      ok: false,
      error: positional.length ? `one experiment at a time, got ${positional.join(' ')}` : 'name an experiment',
    };
  const name = positional[0];
  if (!names.includes(name)) return { ok: false, error: `no experiment '${name}'; known: ${names.join(', ')}` };
  const engine = (values.engine ?? 'typed') as ExperimentEngine;
  if (!EXPERIMENT_ENGINES.includes(engine))
    return { ok: false, error: `--engine must be one of ${EXPERIMENT_ENGINES.join(', ')}, got ${engine}` };
  const out: { name: string; engine: ExperimentEngine; firstSeed: number; seeds?: number; epochs?: number } = {
    name,
    engine,
    firstSeed: 1,
  };
  for (const [flag, key, min] of [
    ['seeds', 'seeds', 1],
    ['first-seed', 'firstSeed', 0],
    ['epochs', 'epochs', 1],
  ] as const) {
    if (!(flag in values)) continue;
    const n = positiveInt(flag, values[flag], min);
    if (typeof n === 'string') return { ok: false, error: n };
    out[key] = n;
  }
  return { ok: true, args: out };
}

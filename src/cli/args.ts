/**
 * Arguments of `npm run train -- <document.json> [options]`, parsed without a library so the
 * rules are visible: `--name value` or `--name=value`, numbers checked, unknown flags refused.
 * A mistake comes back as a sentence for the user (the CLI prints it with the usage, exit 2).
 */
export const ENGINES = ['typed', 'typed64', 'tfjs-cpu', 'tfjs-wasm'] as const;
export type CliEngine = (typeof ENGINES)[number];

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

export const USAGE = `usage: npm run train -- <document.json | model.json> [options]
  A model file resumes from its weights and optimiser state for --epochs more epochs.
  --help                  print this and exit
  --dataset <id>          dataset to train on (default: the document's)
  --epochs <n>            epochs (default: the document's training settings)
  --batch <n>             batch size
  --seed <n>              seed for initial weights, shuffling and the split
  --lr <x>                learning rate ε
  --test-fraction <x>     fraction of rows held out for testing, in [0, 1)
  --engine <name>         ${ENGINES.join(' | ')} (default: typed)
  --out <model.json>      where to write the trained model
  --quiet                 no progress lines`;

type Flag = {
  kind: 'int' | 'number' | 'string' | 'engine';
  key: keyof TrainArgs;
  min?: number;
  max?: number;
  /** The minimum itself is refused (a learning rate of 0 learns nothing). */
  above?: boolean;
};

const flags: Record<string, Flag> = {
  dataset: { kind: 'string', key: 'dataset' },
  epochs: { kind: 'int', key: 'epochs', min: 1 },
  batch: { kind: 'int', key: 'batch', min: 1 },
  seed: { kind: 'int', key: 'seed', min: 0, max: 2 ** 31 - 1 },
  lr: { kind: 'number', key: 'lr', min: 0, above: true },
  'test-fraction': { kind: 'number', key: 'testFraction', min: 0, max: 0.999999 },
  engine: { kind: 'engine', key: 'engine' },
  out: { kind: 'string', key: 'out' },
};

function value(name: string, flag: Flag, raw: string): string | number {
  if (flag.kind === 'string') return raw;
  if (flag.kind === 'engine') {
    if (!(ENGINES as readonly string[]).includes(raw))
      throw new Error(`--engine must be one of ${ENGINES.join(', ')}, got '${raw}'`);
    return raw;
  }
  const n = Number(raw);
  const ok = raw.trim() !== '' && Number.isFinite(n) && (flag.kind === 'number' || Number.isInteger(n));
  const min = flag.min ?? -Infinity;
  const inRange = (flag.above ? n > min : n >= min) && n <= (flag.max ?? Infinity);
  if (!ok || !inRange) {
    const what = flag.kind === 'int' ? 'an integer' : 'a number';
    const range =
      flag.max !== undefined
        ? ` in [${flag.min}, ${flag.max}]`
        : flag.min !== undefined
          ? ` ${flag.above ? '>' : '≥'} ${flag.min}`
          : '';
    throw new Error(`--${name} must be ${what}${range}, got '${raw}'`);
  }
  return n;
}

export function parseTrainArgs(argv: readonly string[]): { ok: true; args: TrainArgs } | { ok: false; error: string } {
  try {
    const out: Record<string, unknown> = { engine: 'typed', quiet: false };
    const positional: string[] = [];
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i];
      if (!arg.startsWith('--')) {
        positional.push(arg);
        continue;
      }
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
      if (name === 'quiet') {
        out.quiet = true;
        continue;
      }
      const flag = flags[name];
      if (!flag) throw new Error(`unknown option --${name}`);
      const raw = inline ?? argv[++i];
      if (raw === undefined || (inline === undefined && raw.startsWith('--')))
        throw new Error(`--${name} needs a value`);
      out[flag.key] = value(name, flag, raw);
    }
    if (positional.length === 0) throw new Error('no document given');
    if (positional.length > 1) throw new Error(`one document at a time, got ${positional.join(', ')}`);
    return { ok: true, args: { ...out, document: positional[0] } as unknown as TrainArgs };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

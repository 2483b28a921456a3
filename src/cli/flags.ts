/**
 * The one option parser of Lensboard's commands, without a library so the rules are visible:
 * `--name value` or `--name=value`, numbers checked against their range, a choice against its
 * list, unknown options refused. A mistake is thrown as a sentence for the user; `parsing`
 * turns it into the `{ ok: false, error }` each command prints with its usage (exit 2).
 */
export type Flag =
  | {
      readonly kind: 'int' | 'number';
      readonly key: string;
      readonly min?: number;
      readonly max?: number;
      /** The minimum itself is refused (a learning rate of 0 learns nothing). */
      readonly above?: boolean;
    }
  | { readonly kind: 'string'; readonly key: string }
  | { readonly kind: 'switch'; readonly key: string }
  | { readonly kind: 'choice'; readonly key: string; readonly choices: readonly string[] };

export type Parsed<T> = { readonly ok: true; readonly args: T } | { readonly ok: false; readonly error: string };

export interface Flags {
  readonly positional: readonly string[];
  /** By each flag's `key`: only the flags given. */
  readonly values: Readonly<Record<string, string | number | boolean>>;
}

function value(name: string, flag: Flag, raw: string): string | number {
  if (flag.kind === 'string') return raw;
  if (flag.kind === 'choice') {
    if (!flag.choices.includes(raw))
      throw new Error(`--${name} must be one of ${flag.choices.join(', ')}, got '${raw}'`);
    return raw;
  }
  if (flag.kind === 'switch') throw new Error(`--${name} takes no value`);
  const n = Number(raw);
  const ok = raw.trim() !== '' && Number.isFinite(n) && (flag.kind === 'number' || Number.isInteger(n));
  const min = flag.min ?? -Infinity;
  const aboveMin = flag.above ? n > min : n >= min;
  if (!ok || !aboveMin || n > (flag.max ?? Infinity)) {
    const what = flag.kind === 'int' ? 'an integer' : 'a number';
    const range =
      flag.max !== undefined
        ? ` in ${flag.above ? '(' : '['}${flag.min}, ${flag.max}]`
        : flag.min !== undefined
          ? ` ${flag.above ? '>' : '≥'} ${flag.min}`
          : '';
    throw new Error(`--${name} must be ${what}${range}, got '${raw}'`);
  }
  return n;
}

/** Splits `argv` into positional words and the values of `flags`, named without their `--`. */
export function parseFlags(argv: readonly string[], flags: Readonly<Record<string, Flag>>): Flags {
  const positional: string[] = [];
  const values: Record<string, string | number | boolean> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    const flag = Object.hasOwn(flags, name) ? flags[name] : undefined;
    if (!flag) throw new Error(`unknown option --${name}`);
    if (flag.kind === 'switch' && inline === undefined) {
      values[flag.key] = true;
      continue;
    }
    const raw = inline ?? argv[++i];
    if (raw === undefined || (inline === undefined && raw.startsWith('--'))) throw new Error(`--${name} needs a value`);
    values[flag.key] = value(name, flag, raw);
  }
  return { positional, values };
}

/** Runs a parse that throws its mistakes, and hands the sentence back instead. */
export function parsing<T>(parse: () => T): Parsed<T> {
  try {
    return { ok: true, args: parse() };
  } catch (e) {
    return { ok: false, error: (e as Error).message };
  }
}

/**
 * How every command ends (docs/cli.md): a mistake is one line on stderr that names what is wrong
 * and where, followed by the usage when the mistake is in the arguments, and a non-zero exit
 * code: 2 for a usage mistake or a file refused, 1 for anything else. No stack trace reaches the
 * user unless `--debug` is given, anywhere among the arguments.
 */

export class CliError extends Error {
  constructor(
    message: string,
    /** The exit code: 2 for a usage mistake or a refused file, 1 otherwise. */
    readonly code: 1 | 2 = 1,
    /** Printed after the message: the mistake is in the arguments. */
    readonly usage?: string,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

/** A mistake in the arguments: exit 2, with the usage. */
export const usageError = (message: string, usage: string): CliError => new CliError(message, 2, usage);

/** A file or path refused before any work: exit 2. */
export const refused = (message: string): CliError => new CliError(message, 2);

export const DEBUG_USAGE = '  --debug                 on an error, print its stack trace too';

/** Several problems (one per line, as a file's checks list them) as one line. */
export const oneLine = (message: string): string =>
  message
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .join('; ');

const PHRASES: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or folder',
  EISDIR: 'is a folder, not a file',
  ENOTDIR: 'a part of the path is a file, not a folder',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EEXIST: 'already exists',
  ENOSPC: 'no space left on the device',
  EROFS: 'on a read-only file system',
  EMFILE: 'too many open files',
  ENAMETOOLONG: 'the name is too long',
};

/** A Node file-system error as the path it is about and what is wrong with it; other errors as their message. */
export function describeError(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const { code, path } = e as NodeJS.ErrnoException;
  const phrase = code ? PHRASES[code] : undefined;
  if (phrase) return path ? `${path}: ${phrase}` : phrase;
  return e.message;
}

function report(e: unknown, debug: boolean): 1 | 2 {
  const known = e instanceof CliError;
  const hint = known || debug ? '' : ' (--debug shows where)';
  const usage = known && e.usage ? `\n\n${e.usage}` : '';
  process.stderr.write(`error: ${oneLine(describeError(e))}${hint}${usage}\n`);
  if (debug && e instanceof Error && e.stack) process.stderr.write(`${e.stack}\n`);
  return known ? e.code : 1;
}

/**
 * Runs a command's `main` on its arguments (without `--debug`) and exits with the code it
 * returns (0 when none), or reports what it threw.
 */
export function runCommand(main: (argv: readonly string[]) => Promise<number | undefined> | number | undefined): void {
  const all = process.argv.slice(2);
  const debug = all.includes('--debug');
  const argv = all.filter((a) => a !== '--debug');
  Promise.resolve()
    .then(() => main(argv))
    .then(
      (code) => process.exit(code ?? 0),
      (e: unknown) => process.exit(report(e, debug)),
    );
}

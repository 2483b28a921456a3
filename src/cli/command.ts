/**
 * How every command ends (docs/cli.md): a mistake is one line on stderr that names what is wrong
 * and where, followed by the usage when the mistake is in the arguments, and a non-zero exit
 * code: 2 for a usage mistake or a file refused, 1 for anything else. No stack trace reaches the
 * user unless `--debug` is given, anywhere among the arguments.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

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

/** A command's work: its arguments (without `--debug`) to an exit code (0 when none). */
export type Main = (argv: readonly string[]) => Promise<number | undefined> | number | undefined;

/**
 * Runs `main` on a command's arguments as the process does: `--debug`, anywhere among them, is
 * taken out; what `main` throws is reported on stderr. Resolves to the exit code. Tests call it
 * in-process, so that most of a table of bad arguments costs no process of its own.
 */
export function runMain(main: Main, all: readonly string[]): Promise<number> {
  const debug = all.includes('--debug');
  const argv = all.filter((a) => a !== '--debug');
  return Promise.resolve()
    .then(() => main(argv))
    .then(
      (code) => code ?? 0,
      (e: unknown) => report(e, debug),
    );
}

/** Whether the module at `moduleUrl` is the one node was started with (`tsx src/cli/train.ts`). */
function isEntry(moduleUrl: string): boolean {
  const started = process.argv[1];
  if (!started) return false;
  try {
    return pathToFileURL(realpathSync(started)).href === moduleUrl;
  } catch {
    return false;
  }
}

/**
 * When the module at `moduleUrl` (its `import.meta.url`) is the process's entry, runs `main` on
 * the process's arguments and exits with the code it ends with; imported, it does nothing, so
 * that `main` can be run in-process.
 */
export function runCommand(main: Main, moduleUrl: string): void {
  if (!isEntry(moduleUrl)) return;
  runMain(main, process.argv.slice(2)).then((code) => process.exit(code));
}

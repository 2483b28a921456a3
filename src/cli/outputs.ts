/**
 * Where the commands write (docs/cli.md): every `--out` is checked before any work starts, so a
 * path that cannot be written is refused in a second rather than after an hour of training; and
 * a write that still fails at the end (the disk filled, the folder went away) saves the result in
 * a fresh folder of the working directory (else of the system's temporary one) and says where,
 * so nothing finished is lost.
 */
import {
  accessSync,
  closeSync,
  constants,
  mkdirSync,
  mkdtempSync,
  openSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { describeError } from './command';

type Kind = 'file' | 'folder' | 'none';

function kindOf(path: string): Kind {
  try {
    return statSync(path).isDirectory() ? 'folder' : 'file';
  } catch {
    return 'none'; // absent, or below a file (ENOTDIR): the nearest existing ancestor tells which
  }
}

const writable = (path: string): boolean => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/** The closest folder (or file) on the way up from `path` that exists. */
function nearestExisting(path: string): { path: string; kind: Exclude<Kind, 'none'> } {
  let p = dirname(resolve(path));
  for (;;) {
    const kind = kindOf(p);
    if (kind !== 'none' || dirname(p) === p) return { path: p, kind: kind === 'none' ? 'folder' : kind };
    p = dirname(p);
  }
}

/**
 * Why a file cannot be written at `path` (as `flag` names it), or null when it can. An existing
 * file is replaced when `replace`, else refused; a missing folder is not made.
 */
export function outFileProblem(flag: string, path: string, replace: boolean): string | null {
  const kind = kindOf(path);
  if (kind === 'folder') return `${flag} ${path} is a folder; name the file to write in it`;
  if (kind === 'file' && !replace) return `${flag} ${path} already exists`;
  if (kind === 'file') return writable(path) ? null : `${flag} ${path} is not writable`;
  const folder = dirname(resolve(path));
  const up = nearestExisting(path);
  if (up.kind === 'file') return `${flag} ${path} lies below ${up.path}, which is a file, not a folder`;
  if (up.path !== folder) return `${flag} ${path}: no folder ${folder}`;
  return writable(folder) ? null : `${flag} ${path}: the folder ${folder} is not writable`;
}

/** Why a folder cannot be written (made if missing) at `path`, or null when it can. */
export function outFolderProblem(flag: string, path: string): string | null {
  const kind = kindOf(path);
  if (kind === 'file') return `${flag} ${path} is a file; name a folder (it is made if missing)`;
  if (kind === 'folder') return writable(path) ? null : `${flag} ${path}: the folder is not writable`;
  const up = nearestExisting(path);
  if (up.kind === 'file') return `${flag} ${path} lies below ${up.path}, which is a file, not a folder`;
  return writable(up.path) ? null : `${flag} ${path} cannot be made: the folder ${up.path} is not writable`;
}

export interface OutFile {
  /** Relative to the folder written into. */
  readonly path: string;
  /** Text, bytes, or bytes in chunks written one after another (a model archive's weights). */
  readonly data: string | Uint8Array | readonly Uint8Array[];
}

function writeAll(folder: string, files: readonly OutFile[]): void {
  for (const f of files) {
    const path = join(folder, f.path);
    mkdirSync(dirname(path), { recursive: true });
    if (typeof f.data === 'string' || f.data instanceof Uint8Array) writeFileSync(path, f.data);
    else writeChunks(path, f.data);
  }
}

function writeChunks(path: string, chunks: readonly Uint8Array[]): void {
  const fd = openSync(path, 'w');
  try {
    for (const chunk of chunks) {
      for (let at = 0; at < chunk.length; ) at += writeSync(fd, chunk, at, chunk.length - at);
    }
  } finally {
    closeSync(fd);
  }
}

/** Where a result whose own place refused it goes: the working directory, else the temporary one. */
const RESCUE_BASES = (): readonly string[] => [process.cwd(), tmpdir()];

/** A fresh folder in the first of `bases` that takes one. */
function rescueFolder(bases: readonly string[]): string | null {
  for (const base of bases) {
    try {
      return mkdtempSync(join(base, 'lensboard-saved-'));
    } catch {}
  }
  return null;
}

export type Written = { readonly ok: true } | { readonly ok: false; readonly error: string };

/**
 * Writes `files` into `folder`; when that fails, into a rescue folder. The error names what
 * failed and where the result went instead (or that it could be saved nowhere).
 */
export function writeOrRescue(
  folder: string,
  files: readonly OutFile[],
  what: string,
  bases = RESCUE_BASES(),
): Written {
  try {
    writeAll(folder, files);
    return { ok: true };
  } catch (e) {
    const why = describeError(e);
    const rescue = rescueFolder(bases);
    if (rescue) {
      try {
        writeAll(rescue, files);
        const shown = relative(process.cwd(), rescue).startsWith('..')
          ? rescue
          : `./${relative(process.cwd(), rescue)}`;
        const names = files.length === 1 ? join(shown, files[0].path) : shown;
        return { ok: false, error: `cannot write ${what}: ${why}; it is saved in ${names} instead` };
      } catch {}
    }
    return { ok: false, error: `cannot write ${what}: ${why}; it could not be saved anywhere else` };
  }
}

/** One file at `path`, rescued like `writeOrRescue`'s. */
export const writeFileOrRescue = (path: string, data: OutFile['data'], what: string): Written =>
  writeOrRescue(dirname(path), [{ path: basename(path), data }], what);

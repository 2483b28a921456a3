/**
 * Files the CLI reads go through the app's own door (io/openFile): the size from the file
 * system before a byte is read, then the same checks, migrations and messages as in the app.
 */
import { readFileSync, statSync } from 'node:fs';
import { checkFileSize, type OpenedFile, openFile } from '../io/openFile';
import { describeError } from './command';

const refusedAs = (message: string): OpenedFile => ({ kind: 'error', errors: [{ path: '', message }] });

export function readInput(path: string): OpenedFile {
  let text: string;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return refusedAs('is a folder, not a file');
    const tooBig = checkFileSize(stat.size);
    if (tooBig) return tooBig;
    text = readFileSync(path, 'utf8');
  } catch (e) {
    return refusedAs(`cannot read it: ${describeError(e).replace(`${path}: `, '')}`);
  }
  return openFile(text);
}

/** Every problem on one line, each starting with its JSON path. */
export const describeErrors = (opened: Extract<OpenedFile, { kind: 'error' }>): string =>
  opened.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');

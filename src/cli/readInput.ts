/**
 * Files the CLI reads go through the app's own door (io/openFile): the size from the file
 * system before a byte is read, then the same checks, migrations and messages as in the app.
 */
import { readFileSync, statSync } from 'node:fs';
import { checkFileSize, type OpenedFile, openFile } from '../io/openFile';

export function readInput(path: string): OpenedFile {
  let size: number;
  try {
    size = statSync(path).size;
  } catch (e) {
    return { kind: 'error', errors: [{ path: '', message: `cannot read ${path}: ${(e as Error).message}` }] };
  }
  const tooBig = checkFileSize(size);
  if (tooBig) return tooBig;
  return openFile(readFileSync(path, 'utf8'));
}

/** One line per problem, each starting with its JSON path. */
export const describeErrors = (opened: Extract<OpenedFile, { kind: 'error' }>): string =>
  opened.errors.map((e) => (e.path ? `  ${e.path}: ${e.message}` : `  ${e.message}`)).join('\n');

/**
 * The commands' output paths: refused before any work when they cannot be written, and a
 * result whose write fails anyway saved in a fresh folder, the error saying where.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outFileProblem, outFolderProblem, writeOrRescue } from './outputs';

const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lensboard-outputs-'));
  mkdirSync(join(dir, 'folder'));
  writeFileSync(join(dir, 'file.txt'), 'keep');
  return dir;
};

describe('output paths', () => {
  it('takes a new or (when allowed) existing file in an existing folder, and nothing else', () => {
    const d = scratch();
    expect(outFileProblem('--out', join(d, 'm.json'), false)).toBeNull();
    expect(outFileProblem('--out', join(d, 'file.txt'), true)).toBeNull();
    expect(outFileProblem('--out', join(d, 'file.txt'), false)).toMatch(/file\.txt already exists$/);
    expect(outFileProblem('--out', join(d, 'folder'), true)).toMatch(/folder is a folder; name the file/);
    expect(outFileProblem('--out', join(d, 'none', 'm.json'), true)).toBe(
      `--out ${join(d, 'none', 'm.json')}: no folder ${join(d, 'none')}`,
    );
    expect(outFileProblem('--out', join(d, 'file.txt', 'a', 'm.json'), true)).toMatch(
      /lies below .*file\.txt, which is a file, not a folder$/,
    );
  });

  it('takes a folder that exists or can be made, and refuses a file or a path below one', () => {
    const d = scratch();
    expect(outFolderProblem('--out', join(d, 'folder'))).toBeNull();
    expect(outFolderProblem('--out', join(d, 'new', 'deeper'))).toBeNull();
    expect(outFolderProblem('--out', join(d, 'file.txt'))).toMatch(/file\.txt is a file; name a folder/);
    expect(outFolderProblem('--out', join(d, 'file.txt', 'pkg'))).toMatch(/which is a file, not a folder$/);
  });

  it('saves what it could not write in a fresh folder, and says where', () => {
    const d = scratch();
    const files = [
      { path: 'model.py', data: 'print(1)\n' },
      { path: 'sub/weights.bin', data: Uint8Array.of(1, 2, 3) },
    ];
    expect(writeOrRescue(join(d, 'pkg'), files, 'the package', [d])).toEqual({ ok: true });
    expect(readFileSync(join(d, 'pkg', 'sub', 'weights.bin'))).toEqual(Buffer.from([1, 2, 3]));

    const failed = writeOrRescue(join(d, 'file.txt', 'pkg'), files, 'the package', [join(d, 'absent'), d]);
    expect(failed.ok).toBe(false);
    const saved = readdirSync(d).filter((f) => f.startsWith('lensboard-saved-'));
    expect(saved).toHaveLength(1);
    if (!failed.ok) {
      expect(failed.error).toMatch(
        /^cannot write the package: .*file\.txt.*: a part of the path is a file, not a folder;/,
      );
      expect(failed.error).toContain(`it is saved in ${join(d, saved[0])} instead`);
    }
    expect(readFileSync(join(d, saved[0], 'model.py'), 'utf8')).toBe('print(1)\n');
    expect(readFileSync(join(d, 'file.txt'), 'utf8')).toBe('keep');

    const lost = writeOrRescue(join(d, 'file.txt', 'pkg'), files, 'the package', [join(d, 'file.txt')]);
    expect(lost).toMatchObject({ ok: false, error: /could not be saved anywhere else$/ });
  });
});

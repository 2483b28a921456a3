/** The zip writer's archives open in Python's zipfile (an independent reader) with every byte intact. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, zipStore } from './zip';

describe('zipStore', () => {
  it('computes the CRC-32 of the zip format', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(crc32(new Uint8Array(0))).toBe(0);
  });

  it('writes an archive Python’s zipfile reads back exactly', () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7919) % 256);
    const zip = zipStore(
      [
        { path: 'model.py', data: 'print("λ")\n' },
        { path: 'weights.bin', data: bytes },
        { path: 'empty.txt', data: '' },
      ],
      'xor-pytorch',
    );
    const path = join(mkdtempSync(join(tmpdir(), 'lensboard-zip-')), 'out.zip');
    writeFileSync(path, zip);
    const read = spawnSync(
      'python3',
      [
        '-c',
        'import sys, zipfile, hashlib\nz = zipfile.ZipFile(sys.argv[1])\nassert z.testzip() is None\nfor i in z.infolist(): print(i.filename, i.compress_type, i.file_size, hashlib.sha256(z.read(i)).hexdigest())',
        path,
      ],
      { encoding: 'utf8' },
    );
    expect(read.stderr).toBe('');
    const sha = (b: Uint8Array) =>
      spawnSync('python3', ['-c', 'import sys, hashlib; print(hashlib.sha256(sys.stdin.buffer.read()).hexdigest())'], {
        input: b,
        encoding: 'utf8',
      }).stdout.trim();
    const text = new TextEncoder().encode('print("λ")\n');
    expect(read.stdout.trim().split('\n')).toEqual([
      `xor-pytorch/model.py 0 ${text.length} ${sha(text)}`,
      `xor-pytorch/weights.bin 0 1000 ${sha(bytes)}`,
      `xor-pytorch/empty.txt 0 0 ${sha(new Uint8Array(0))}`,
    ]);
  });
});

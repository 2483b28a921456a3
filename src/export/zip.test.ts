/**
 * The zip writer's archives open in Python's zipfile (an independent reader) with every byte
 * intact, and hold the fields of PKWARE's APPNOTE 4.3 that other unzip tools read (UTF-8 names,
 * stored data, the DOS epoch as the time, so the same files give the same bytes).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crc32, zipStore } from './zip';

/** The archive's entries read by the APPNOTE layout: end record → central directory → local headers. */
function readZip(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const u16 = (at: number) => view.getUint16(at, true);
  const u32 = (at: number) => view.getUint32(at, true);
  const end = zip.length - 22;
  const text = (at: number, n: number) => new TextDecoder().decode(zip.subarray(at, at + n));
  const record = {
    signature: u32(end),
    disk: u16(end + 4),
    directoryDisk: u16(end + 6),
    entriesHere: u16(end + 8),
    entries: u16(end + 10),
    directorySize: u32(end + 12),
    directoryAt: u32(end + 16),
    commentLength: u16(end + 20),
  };
  const entries = [];
  let at = record.directoryAt;
  for (let i = 0; i < record.entries; i++) {
    const nameLength = u16(at + 28);
    const central = {
      signature: u32(at),
      madeBy: u16(at + 4),
      needed: u16(at + 6),
      flags: u16(at + 8),
      method: u16(at + 10),
      time: u16(at + 12),
      date: u16(at + 14),
      crc: u32(at + 16),
      compressed: u32(at + 20),
      size: u32(at + 24),
      extra: u16(at + 30),
      comment: u16(at + 32),
      disk: u16(at + 34),
      internal: u16(at + 36),
      external: u32(at + 38),
      name: text(at + 46, nameLength),
    };
    const local = u32(at + 42);
    const localNameLength = u16(local + 26);
    const dataAt = local + 30 + localNameLength + u16(local + 28);
    entries.push({
      central,
      local: {
        signature: u32(local),
        needed: u16(local + 4),
        flags: u16(local + 6),
        method: u16(local + 8),
        time: u16(local + 10),
        date: u16(local + 12),
        crc: u32(local + 14),
        compressed: u32(local + 18),
        size: u32(local + 22),
        name: text(local + 30, localNameLength),
      },
      data: zip.subarray(dataAt, dataAt + central.size),
    });
    at += 46 + nameLength + central.extra + central.comment;
  }
  return { record, directoryEnd: at, entries };
}

describe('zipStore, field by field', () => {
  const weights = Uint8Array.from([1, 2, 3, 4, 5]);
  const files = [
    { path: 'modèle.py', data: 'x = 1\n' },
    { path: 'weights.bin', data: [weights.subarray(0, 2), weights.subarray(2)] },
  ];

  it('lists every entry once in a central directory the end record points at, with nothing after', () => {
    const zip = zipStore(files, 'm');
    const { record, directoryEnd, entries } = readZip(zip);
    expect(record).toEqual({
      signature: 0x06054b50,
      disk: 0,
      directoryDisk: 0,
      entriesHere: 2,
      entries: 2,
      directorySize: directoryEnd - record.directoryAt,
      directoryAt: record.directoryAt,
      commentLength: 0,
    });
    expect(directoryEnd).toBe(zip.length - 22);
    expect(entries.map((e) => e.central.name)).toEqual(['m/modèle.py', 'm/weights.bin']);
    expect(entries.map((e) => new TextDecoder().decode(e.data))).toEqual(['x = 1\n', '\x01\x02\x03\x04\x05']);
    // the first local header opens the archive; the directory follows the last entry's data
    expect(zip.subarray(0, 4)).toEqual(Uint8Array.from([0x50, 0x4b, 0x03, 0x04]));
    const last = entries[1];
    expect(last.data.byteOffset + last.data.length - zip.byteOffset).toBe(record.directoryAt);
  });

  it('stores each file uncompressed under its UTF-8 name, dated 1980-01-01 00:00, with its CRC-32', () => {
    const { entries } = readZip(zipStore(files));
    const sizes = [6, 5];
    entries.forEach((e, i) => {
      const common = {
        needed: 20,
        flags: 0x0800,
        method: 0,
        time: 0,
        date: (0 << 9) | (1 << 5) | 1,
        crc: crc32(e.data),
        compressed: sizes[i],
        size: sizes[i],
        name: files[i].path,
      };
      expect(e.local).toEqual({ signature: 0x04034b50, ...common });
      expect(e.central).toEqual({
        signature: 0x02014b50,
        madeBy: 20,
        ...common,
        extra: 0,
        comment: 0,
        disk: 0,
        internal: 0,
        external: 0,
      });
    });
    expect(entries[1].central.crc).toBe(crc32(weights));
  });

  it('gives the same bytes for the same files, and an empty archive for none', () => {
    expect(zipStore(files, 'm')).toEqual(zipStore(files, 'm'));
    const empty = zipStore([]);
    expect(Array.from(empty)).toEqual([0x50, 0x4b, 0x05, 0x06, ...Array(18).fill(0)]);
  });
});

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

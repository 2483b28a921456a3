/**
 * The model archive's bytes (./modelArchive) on the io floor: the header byte by byte (the magic
 * number, the manifest's length little-endian and a multiple of 8, reserved zeros, spaces up to
 * that length), each weight's float32 bytes written little-endian and read back from any offset,
 * aligned or not, float64 rounded; every refusal of the header and of the layout naming its JSON
 * path, its weight and its byte counts, each cap exactly at and one past its limit; weights read
 * in slices no larger than the chunk, with the progress heard after each; and the same bytes
 * written, read and checked by the module as a big-endian host loads it.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { fcSeed } from '../testing/seed';
import {
  ARCHIVE_EXTENSION,
  ARCHIVE_HEADER_BYTES,
  ARCHIVE_MINOR,
  ARCHIVE_VERSION,
  type ArchiveEntry,
  ArchiveEntrySchema,
  ArchiveManifestSchema,
  archiveChunks,
  type ByteSource,
  blobSource,
  bytesSource,
  checkLayout,
  DTYPE_BYTES,
  float32Bytes,
  fromLittleEndian,
  isArchive,
  MAX_ARCHIVE_WEIGHT_BYTES,
  readArchiveHead,
  readArchiveWeights,
} from './modelArchive';
import type { NamedArray } from './modelSchema';

const seed = fcSeed();

/** `\x89LBM\r\n\x1a\n`, as docs/model-format.md gives it. */
const MAGIC = [0x89, 0x4c, 0x42, 0x4d, 0x0d, 0x0a, 0x1a, 0x0a];

const weight = (
  name: string,
  shape: number[],
  values: number[],
  group: 'model' | 'optimizer' = 'model',
): NamedArray => ({ name, shape, group, data: Float32Array.from(values) });

/** An entry whose byte length is what its shape and dtype need, unless told otherwise. */
const entry = (
  name: string,
  shape: number[],
  offset: number,
  dtype: ArchiveEntry['dtype'] = 'float32',
  byteLength = shape.reduce((a, b) => a * b, 1) * DTYPE_BYTES[dtype],
): ArchiveEntry => ({ name, shape, dtype, group: 'model', offset, byteLength });

const join = (chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
};

/** A header (magic, `declared`, `reserved`) then the manifest's bytes and the blob. */
function headed(manifest: Uint8Array, blob: Uint8Array = new Uint8Array(0), declared = manifest.length, reserved = 0) {
  const out = new Uint8Array(ARCHIVE_HEADER_BYTES + manifest.length + blob.length);
  out.set(MAGIC, 0);
  const view = new DataView(out.buffer);
  view.setUint32(8, declared, true);
  view.setUint32(12, reserved, true);
  out.set(manifest, ARCHIVE_HEADER_BYTES);
  out.set(blob, ARCHIVE_HEADER_BYTES + manifest.length);
  return out;
}

/** `source` with every read it is asked for recorded as [offset, length]. */
function recorded(source: ByteSource): { source: ByteSource; reads: [number, number][] } {
  const reads: [number, number][] = [];
  return {
    reads,
    source: {
      size: source.size,
      read: (offset, length) => {
        reads.push([offset, length]);
        return source.read(offset, length);
      },
    },
  };
}

const text = (s: string) => new TextEncoder().encode(s);
const bytesOf = (a: Float32Array | Float64Array) => Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
/** A whole format 2 manifest with one entry. */
const MANIFEST = {
  format: 'lensboard-model',
  formatVersion: 2,
  formatMinor: 0,
  generatedBy: 'Lensboard 0.1.0',
  createdAt: '2026-12-06T00:00:00.000Z',
  diagram: { format: 'lensboard-document', version: 1, name: 'n', boxes: [], wires: [], groups: [] },
  trainingConfig: {
    dataset: { id: 'xor', options: {}, featureShape: [2], labelShape: [1], task: 'regression' },
    loss: 'mse',
    optimiser: { kind: 'gd', learningRate: 0.1, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 },
    seed: 1,
    batchSize: 4,
    testFraction: 0,
    epochsDone: 0,
    stepsDone: 0,
  },
  metrics: null,
  weightsManifest: [entry('W', [2, 3], 0)],
};

let loads = 0;

/**
 * This module loaded again as a module of its own (each query makes a new one), on a big-endian
 * host as far as it can tell (Uint16Array.of(1) lays its 1 out high byte first) or on this one:
 * the byte-by-byte branches, which no host here takes, and the host's byte order read at load.
 */
async function loadedOn(host: 'big-endian' | 'little-endian'): Promise<typeof import('./modelArchive')> {
  if (host === 'big-endian') vi.stubGlobal('Uint16Array', { of: () => Uint8Array.of(0, 1) });
  const path = `./modelArchive?${host}-host-${++loads}`;
  try {
    return await import(/* @vite-ignore */ path);
  } finally {
    vi.unstubAllGlobals();
  }
}

const refused = (message: string) => ({ ok: false, errors: [{ path: '', message }] });

describe('ArchiveEntrySchema and ArchiveManifestSchema', () => {
  // The first test to read a schema builds it (lazySchema): this one holds every rule of both.
  it('take float32 or float64 entries with whole offsets and byte lengths from 0 to 2^53 − 1, in a format 2 manifest without weightData', () => {
    const pathOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
      r.success ? 'ok' : [...new Set((r.error?.issues ?? []).map((i) => i.path.join('.')))].join(' ');
    const good = entry('W', [2, 3], 0);
    expect(ArchiveEntrySchema.parse(good)).toEqual(good);
    expect(ArchiveEntrySchema.parse({ ...good, dtype: 'float64', byteLength: 48 })).toMatchObject({ dtype: 'float64' });
    const max = Number.MAX_SAFE_INTEGER;
    expect(pathOf(ArchiveEntrySchema.safeParse({ ...good, offset: max, byteLength: max }))).toBe('ok');
    expect(pathOf(ArchiveEntrySchema.safeParse({ ...good, offset: 8, byteLength: 0 }))).toBe('ok');
    for (const [field, bad] of [
      ['dtype', 'int32'],
      ['dtype', undefined],
      ['offset', -1],
      ['offset', 0.5],
      ['offset', 2 ** 53],
      ['offset', undefined],
      ['byteLength', -1],
      ['byteLength', 2.5],
      ['byteLength', 2 ** 53],
      ['byteLength', undefined],
    ] as const)
      expect(pathOf(ArchiveEntrySchema.safeParse({ ...good, [field]: bad })), `${field} ${bad}`).toBe(field);

    const manifest = {
      ...MANIFEST,
      weightsManifest: [good, { ...entry('v', [2], 24, 'float64'), group: 'optimizer' }],
    };
    expect(ArchiveManifestSchema.parse(manifest)).toEqual(manifest);
    expect(ArchiveManifestSchema.parse({ ...manifest, weightData: 'AAAA' })).toEqual(manifest);
    expect(pathOf(ArchiveManifestSchema.safeParse({ ...manifest, formatVersion: 1 }))).toBe('formatVersion');
    expect(pathOf(ArchiveManifestSchema.safeParse({ ...manifest, weightsManifest: [{ ...good, offset: -8 }] }))).toBe(
      'weightsManifest.0.offset',
    );
    expect(
      pathOf(ArchiveManifestSchema.safeParse({ ...manifest, weightsManifest: [{ ...good, dtype: 'float16' }] })),
    ).toBe('weightsManifest.0.dtype');
    // at most 100 000 entries, as in the JSON form
    const many = (n: number) => ({ ...manifest, weightsManifest: Array.from({ length: n }, () => good) });
    expect(pathOf(ArchiveManifestSchema.safeParse(many(100_000)))).toBe('ok');
    expect(pathOf(ArchiveManifestSchema.safeParse(many(100_001)))).toBe('weightsManifest');
  });
});

describe('the format', () => {
  it('is version 2.0, in .lensboard files, with float32 and float64 and a 4 GiB cap on the weights', () => {
    expect([ARCHIVE_VERSION, ARCHIVE_MINOR, ARCHIVE_EXTENSION, ARCHIVE_HEADER_BYTES]).toEqual([2, 0, '.lensboard', 16]);
    expect(DTYPE_BYTES).toEqual({ float32: 4, float64: 8 });
    expect(MAX_ARCHIVE_WEIGHT_BYTES).toBe(4 * 2 ** 30);
  });
});

describe('isArchive', () => {
  it('is true for the magic number, alone or followed by more, and false for anything that differs or is shorter', () => {
    expect(isArchive(Uint8Array.from(MAGIC))).toBe(true);
    expect(isArchive(Uint8Array.from([...MAGIC, 0, 1, 2]))).toBe(true);
    expect(isArchive(Uint8Array.from(MAGIC.slice(0, 7)))).toBe(false);
    expect(isArchive(new Uint8Array(0))).toBe(false);
    for (let i = 0; i < MAGIC.length; i++) {
      const changed = Uint8Array.from(MAGIC);
      changed[i] ^= 0x01;
      expect(isArchive(changed), `byte ${i} changed`).toBe(false);
    }
    // a copy that turned \r\n into \n, as a text-mode transfer does
    expect(isArchive(Uint8Array.from([0x89, 0x4c, 0x42, 0x4d, 0x0a, 0x1a, 0x0a, 0x00]))).toBe(false);
  });
});

describe('bytesSource and blobSource', () => {
  it('give their size and exactly the bytes asked for, fewer only at the end', async () => {
    const bytes = Uint8Array.from({ length: 10 }, (_, i) => 100 + i);
    for (const source of [bytesSource(bytes), blobSource(new Blob([bytes]))]) {
      expect(source.size).toBe(10);
      expect(Array.from(await source.read(2, 3))).toEqual([102, 103, 104]);
      expect(Array.from(await source.read(0, 1))).toEqual([100]);
      expect(Array.from(await source.read(8, 5))).toEqual([108, 109]);
      expect(Array.from(await source.read(10, 4))).toEqual([]);
    }
  });
});

describe('float32Bytes', () => {
  it('is the array’s own memory on this (little-endian) host, from its own offset', () => {
    const all = Float32Array.of(1, 1.5, -2);
    const tail = all.subarray(2);
    const out = float32Bytes(tail);
    expect(out.buffer).toBe(all.buffer);
    expect([out.byteOffset, out.length]).toEqual([8, 4]);
    expect(Array.from(out)).toEqual([0, 0, 0, 0xc0]);
    expect(Array.from(float32Bytes(all))).toEqual([0, 0, 0x80, 0x3f, 0, 0, 0xc0, 0x3f, 0, 0, 0, 0xc0]);
  });

  it('writes the same little-endian bytes on a big-endian host, as a copy, and views them in place on a little-endian one', async () => {
    const all = Float32Array.of(7, 1, 1.5, -2);
    const data = all.subarray(1);
    const big = (await loadedOn('big-endian')).float32Bytes(data);
    expect(big.buffer).not.toBe(all.buffer);
    expect(Array.from(big)).toEqual([0, 0, 0x80, 0x3f, 0, 0, 0xc0, 0x3f, 0, 0, 0, 0xc0]);
    const little = (await loadedOn('little-endian')).float32Bytes(data);
    expect([little.buffer === all.buffer, little.byteOffset]).toEqual([true, 4]);
  });
});

describe('on a big-endian host', () => {
  it('the archive is written with the same bytes, read back the same, and checked the same', async () => {
    const be = await loadedOn('big-endian');
    const ws = [weight('W', [2, 1], [1.5, -2]), weight('v', [3], [0.25, 3, -7], 'optimizer')];
    const manifestOf = (weightsManifest: ArchiveEntry[]) => ({ ...MANIFEST, weightsManifest });
    const bytes = join(be.archiveChunks(ws, manifestOf));
    expect(bytes).toEqual(join(archiveChunks(ws, manifestOf)));
    expect(be.isArchive(bytes)).toBe(true);
    for (const source of [be.bytesSource(bytes), be.blobSource(new Blob([bytes]))]) {
      const head = await be.readArchiveHead(source, 1e6);
      if (!head.ok) throw new Error(JSON.stringify(head.errors));
      const manifest = be.ArchiveManifestSchema.parse(JSON.parse(head.json));
      expect(manifest.weightsManifest.map((e) => be.ArchiveEntrySchema.parse(e))).toEqual(manifest.weightsManifest);
      expect(be.checkLayout(manifest.weightsManifest, head.blobBytes, be.MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([]);
      const back = await be.readArchiveWeights(source, head.blobStart, manifest.weightsManifest, undefined, 8);
      expect(back.map((w) => [w.name, Array.from(w.data)])).toEqual([
        ['W', [1.5, -2]],
        ['v', [0.25, 3, -7]],
      ]);
    }
    // float64 read value by value
    expect(Array.from(be.fromLittleEndian(new Uint8Array(Float64Array.of(0.1, -3).buffer), 'float64'))).toEqual([
      Math.fround(0.1),
      -3,
    ]);
    expect(await be.readArchiveHead(be.bytesSource(bytes.subarray(0, 15)), 1e6)).toEqual(
      refused('the archive is cut short: 15 bytes, less than its 16-byte header'),
    );
    expect(be.checkLayout([entry('W', [2 ** 18], 0)], 2 ** 20, 2 ** 19)[0].message).toBe(
      "weight 'W' [262144] brings the weights to 1.0 MiB of memory; Lensboard reads at most 0.5 MiB",
    );
  });
});

describe('fromLittleEndian', () => {
  it('views aligned float32 bytes in place, without a copy', () => {
    const values = Float32Array.of(1.5, -2, 3.25);
    const bytes = new Uint8Array(values.buffer);
    const out = fromLittleEndian(bytes.subarray(4), 'float32');
    expect(out.buffer).toBe(values.buffer);
    expect(Array.from(out)).toEqual([-2, 3.25]);
    expect(Array.from(fromLittleEndian(new Uint8Array(0), 'float32'))).toEqual([]);
  });

  it('rounds float64 values to the nearest float32', () => {
    const out = fromLittleEndian(new Uint8Array(Float64Array.of(0.1, -3, 1e39).buffer), 'float64');
    expect(out).toBeInstanceOf(Float32Array);
    expect(Array.from(out)).toEqual([Math.fround(0.1), -3, Number.POSITIVE_INFINITY]);
  });

  it('reads bytes that do not start on a multiple of their width, each value little-endian', () => {
    const f32 = Float32Array.of(1.5, -2, 3.25);
    const f64 = Float64Array.of(0.1, -3.5, 2 ** 40 + 0.5);
    for (const at of [1, 2, 3, 5]) {
      const b = new Uint8Array(at + 12);
      b.set(bytesOf(f32), at);
      expect(Array.from(fromLittleEndian(b.subarray(at), 'float32')), `float32 at ${at}`).toEqual([1.5, -2, 3.25]);
    }
    // 4 is aligned for float32, not for float64
    for (const at of [1, 4, 6]) {
      const b = new Uint8Array(at + 24);
      b.set(bytesOf(f64), at);
      expect(Array.from(fromLittleEndian(b.subarray(at), 'float64')), `float64 at ${at}`).toEqual([
        Math.fround(0.1),
        -3.5,
        Math.fround(2 ** 40 + 0.5),
      ]);
    }
  });
});

describe('archiveChunks', () => {
  it('lays out the header, the manifest padded with spaces, then each weight’s own bytes', () => {
    const a = weight('a', [1], [1]);
    const b = weight('b', [2], [-2, 0.5], 'optimizer');
    const chunks = archiveChunks([a, b], (weightsManifest) => ({ weightsManifest }));
    expect(chunks).toHaveLength(3);
    const [head, first, second] = chunks;
    const json =
      '{"weightsManifest":[{"name":"a","shape":[1],"dtype":"float32","group":"model","offset":0,"byteLength":4},' +
      '{"name":"b","shape":[2],"dtype":"float32","group":"optimizer","offset":4,"byteLength":8}]}\n';
    expect(json.length).toBe(196);
    expect(head.length).toBe(16 + 200);
    expect(Array.from(head.subarray(0, 8))).toEqual(MAGIC);
    expect(Array.from(head.subarray(8, 16))).toEqual([200, 0, 0, 0, 0, 0, 0, 0]);
    expect(new TextDecoder().decode(head.subarray(16))).toBe(`${json}    `);
    expect(Array.from(first)).toEqual([0, 0, 0x80, 0x3f]);
    expect(Array.from(second)).toEqual([0, 0, 0, 0xc0, 0, 0, 0, 0x3f]);
    expect(first.buffer).toBe(a.data.buffer);
  });

  it('pads the manifest to the next multiple of 8 bytes, and not at all when it is one', () => {
    // the manifest `"x…x"` and a newline: k + 3 bytes
    for (const [k, padded] of [
      [0, 8],
      [5, 8],
      [6, 16],
      [13, 16],
      [14, 24],
    ]) {
      const [head] = archiveChunks([], () => 'x'.repeat(k));
      expect(head.length, `k = ${k}`).toBe(16 + padded);
      expect(new DataView(head.buffer).getUint32(8, true)).toBe(padded);
      expect(Array.from(head.subarray(12, 16))).toEqual([0, 0, 0, 0]);
      expect(new TextDecoder().decode(head.subarray(16))).toBe(`"${'x'.repeat(k)}"\n${' '.repeat(padded - k - 3)}`);
    }
    // bytes, not characters: 'é' is two
    const [head] = archiveChunks([], () => 'é'.repeat(3));
    expect(new DataView(head.buffer).getUint32(8, true)).toBe(16);
  });

  it('gives the manifest entries one after another from offset 0, each shape a copy', () => {
    const shape = [2, 2];
    const w = [weight('m', shape, [1, 2, 3, 4]), weight('s', [], [5], 'optimizer'), weight('v', [3], [6, 7, 8])];
    const seen: ArchiveEntry[][] = [];
    archiveChunks(w, (entries) => seen.push(entries));
    expect(seen).toEqual([
      [
        { name: 'm', shape: [2, 2], dtype: 'float32', group: 'model', offset: 0, byteLength: 16 },
        { name: 's', shape: [], dtype: 'float32', group: 'optimizer', offset: 16, byteLength: 4 },
        { name: 'v', shape: [3], dtype: 'float32', group: 'model', offset: 20, byteLength: 12 },
      ],
    ]);
    expect(seen[0][0].shape).not.toBe(shape);
  });

  it('refuses a weight whose values do not fill its shape, naming it, before making the manifest', () => {
    const manifestOf = vi.fn(() => ({}));
    expect(() => archiveChunks([weight('ok', [1], [1]), weight('W', [2, 3], [1, 2, 3, 4, 5])], manifestOf)).toThrow(
      "'W' has 5 values for shape [2, 3]",
    );
    expect(() => archiveChunks([weight('s', [], [])], manifestOf)).toThrow("'s' has 0 values for shape []");
    expect(manifestOf).not.toHaveBeenCalled();
  });

  it('round-trips any weights through the header, the layout check and the reader, bit for bit', async () => {
    const arb = fc.array(
      fc
        .record({
          shape: fc.array(fc.integer({ min: 1, max: 3 }), { maxLength: 3 }),
          group: fc.constantFrom('model' as const, 'optimizer' as const),
        })
        .chain(({ shape, group }) =>
          fc
            .array(fc.float(), {
              minLength: shape.reduce((a, b) => a * b, 1),
              maxLength: shape.reduce((a, b) => a * b, 1),
            })
            .map((values) => ({ shape, group, values })),
        ),
      { maxLength: 6 },
    );
    await fc.assert(
      fc.asyncProperty(arb, fc.string({ maxLength: 20 }), async (specs, note) => {
        const weights = specs.map((s, k) => weight(`w${k}`, s.shape, s.values, s.group));
        const bytes = join(archiveChunks(weights, (weightsManifest) => ({ note, weightsManifest })));
        const head = await readArchiveHead(bytesSource(bytes), 1e6);
        if (!head.ok) throw new Error(JSON.stringify(head.errors));
        expect(head.blobStart % 8).toBe(0);
        expect(head.json).toMatch(/\n {0,7}$/);
        const manifest = JSON.parse(head.json) as { note: string; weightsManifest: ArchiveEntry[] };
        expect(manifest.note).toBe(note);
        expect(checkLayout(manifest.weightsManifest, head.blobBytes, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([]);
        const back = await readArchiveWeights(bytesSource(bytes), head.blobStart, manifest.weightsManifest);
        expect(back.map((w) => [w.name, w.shape, w.group])).toEqual(weights.map((w) => [w.name, w.shape, w.group]));
        for (const [k, w] of back.entries()) expect(bytesOf(w.data)).toEqual(bytesOf(weights[k].data));
      }),
      { seed, numRuns: 60 },
    );
  });
});

describe('readArchiveHead', () => {
  it('gives the manifest’s text and where the weights start, having read the header and the manifest only', async () => {
    const manifest = text('{"a":"é"}  ');
    const file = headed(manifest, Uint8Array.of(1, 2, 3, 4, 5));
    // the file's bytes inside a larger buffer, as a view from another reader may be
    const inner = new Uint8Array(file.length + 3);
    inner.set(file, 3);
    const { source, reads } = recorded(bytesSource(inner.subarray(3)));
    expect(await readArchiveHead(source, 12)).toEqual({ ok: true, json: '{"a":"é"}  ', blobStart: 28, blobBytes: 5 });
    expect(reads).toEqual([
      [0, 16],
      [16, 12],
    ]);
  });

  it('reads a file of only its 16-byte header and refuses one of 15, naming both sizes', async () => {
    expect(await readArchiveHead(bytesSource(headed(new Uint8Array(0))), 0)).toEqual({
      ok: true,
      json: '',
      blobStart: 16,
      blobBytes: 0,
    });
    const { source, reads } = recorded(bytesSource(headed(new Uint8Array(0)).subarray(0, 15)));
    expect(await readArchiveHead(source, 100)).toEqual(
      refused('the archive is cut short: 15 bytes, less than its 16-byte header'),
    );
    expect(reads).toEqual([]);
  });

  it('refuses a file whose first bytes are not the magic number', async () => {
    const file = headed(text('{}'));
    file[3] = 0x58;
    expect(await readArchiveHead(bytesSource(file), 100)).toEqual(
      refused('not a Lensboard archive: its first bytes are not the .lensboard magic number'),
    );
  });

  it('refuses any byte of 12–15 that is not 0', async () => {
    for (const reserved of [1, 0x100, 0x10000, 0x1000000])
      expect(
        await readArchiveHead(bytesSource(headed(text('{}'), undefined, 2, reserved)), 100),
        `${reserved}`,
      ).toEqual(refused('the archive header: bytes 12–15 are reserved and must be 0'));
  });

  it('reads a manifest of exactly the cap and refuses one byte more, in bytes and MB, before reading it', async () => {
    expect(await readArchiveHead(bytesSource(headed(text('{"a":1}\n'))), 8)).toMatchObject({ ok: true });
    const { source, reads } = recorded(bytesSource(headed(text('{"a":12}\n'))));
    expect(await readArchiveHead(source, 8)).toEqual(
      refused("the archive's manifest is 9 bytes; it may have at most 8 (0.000008 MB)"),
    );
    expect(reads).toEqual([[0, 16]]);
    // a length no file has, refused as too big before the file's size is looked at
    expect(await readArchiveHead(bytesSource(headed(text('{}'), undefined, 2 ** 32 - 1)), 50_000_000)).toEqual(
      refused("the archive's manifest is 4294967295 bytes; it may have at most 50000000 (50 MB)"),
    );
  });

  it('reads a manifest that ends the file and refuses one the file ends before, naming both byte counts', async () => {
    expect(await readArchiveHead(bytesSource(headed(text('{"a":1}'))), 100)).toEqual({
      ok: true,
      json: '{"a":1}',
      blobStart: 23,
      blobBytes: 0,
    });
    const { source, reads } = recorded(bytesSource(headed(text('{"a":1}'), undefined, 8)));
    expect(await readArchiveHead(source, 100)).toEqual(
      refused(
        'the archive is cut short: its header declares a manifest of 8 bytes, the file ends 7 bytes after the header',
      ),
    );
    expect(reads).toEqual([[0, 16]]);
  });

  it('refuses a manifest that is not UTF-8 rather than reading it with replacement characters', async () => {
    expect(await readArchiveHead(bytesSource(headed(Uint8Array.of(0x7b, 0xff, 0x7d))), 100)).toEqual(
      refused("the archive's manifest is not UTF-8 text"),
    );
    // a character cut in two by the manifest's end
    expect(await readArchiveHead(bytesSource(headed(text('é').subarray(0, 1))), 100)).toEqual(
      refused("the archive's manifest is not UTF-8 text"),
    );
  });
});

describe('checkLayout', () => {
  const MiB = 2 ** 20;

  it('passes weights in any order, touching, with bytes no weight covers, the last ending at the blob’s end', () => {
    const entries = [entry('c', [2], 28), entry('a', [2, 2], 0), entry('b', [1], 16, 'float64')];
    expect(checkLayout(entries, 36, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([]);
    expect(checkLayout([], 0, 0)).toEqual([]);
  });

  it('names every weight whose byte length its shape and dtype do not give, with both counts', () => {
    const entries = [
      entry('ok', [1], 0),
      entry('W', [2, 3], 4, 'float32', 20),
      entry('d', [2], 24, 'float64', 8),
      entry('big', [2], 32, 'float32', 9),
    ];
    expect(checkLayout(entries, 100, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([
      {
        path: 'weightsManifest[1].byteLength',
        message: "weight 'W' declares 20 bytes; its shape [2, 3] of float32 needs 24",
      },
      {
        path: 'weightsManifest[2].byteLength',
        message: "weight 'd' declares 8 bytes; its shape [2] of float64 needs 16",
      },
      {
        path: 'weightsManifest[3].byteLength',
        message: "weight 'big' declares 9 bytes; its shape [2] of float32 needs 8",
      },
    ]);
  });

  it('passes a weight that ends exactly at the blob’s end and names one a byte past it, with its bytes', () => {
    expect(checkLayout([entry('a', [2], 0), entry('b', [2], 8)], 16, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([]);
    expect(checkLayout([entry('a', [2], 0), entry('b', [2], 8)], 15, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([
      {
        path: 'weightsManifest[1].offset',
        message:
          "weight 'b' lies at bytes 8–16 of the weights, past their end (15 bytes): the file is cut short, or the offset is wrong",
      },
    ]);
    // a wrong byte length is the one fault said of its weight
    expect(checkLayout([entry('a', [2], 100, 'float32', 4)], 16, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([
      {
        path: 'weightsManifest[0].byteLength',
        message: "weight 'a' declares 4 bytes; its shape [2] of float32 needs 8",
      },
    ]);
  });

  it('names each weight that shares bytes with the one before it in the blob, both with their bytes', () => {
    const entries = [entry('c', [2], 16), entry('a', [2], 0), entry('b', [2], 4)];
    expect(checkLayout(entries, 24, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([
      {
        path: 'weightsManifest[2].offset',
        message: "weight 'b' (bytes 4–12) overlaps weight 'a' (weightsManifest[1], bytes 0–8)",
      },
    ]);
    // one byte shared, and two weights at one offset
    expect(checkLayout([entry('a', [2], 0), entry('b', [1], 7), entry('c', [1], 7)], 12, 100)).toEqual([
      {
        path: 'weightsManifest[1].offset',
        message: "weight 'b' (bytes 7–11) overlaps weight 'a' (weightsManifest[0], bytes 0–8)",
      },
      {
        path: 'weightsManifest[2].offset',
        message: "weight 'c' (bytes 7–11) overlaps weight 'b' (weightsManifest[1], bytes 7–11)",
      },
    ]);
  });

  it('looks for shared bytes only once every weight’s own bytes are right', () => {
    const entries = [entry('a', [2], 0), entry('b', [2], 4, 'float32', 4)];
    expect(checkLayout(entries, 16, MAX_ARCHIVE_WEIGHT_BYTES).map((i) => i.path)).toEqual([
      'weightsManifest[1].byteLength',
    ]);
  });

  it('passes weights of exactly the memory cap and names the weight that passes it, alone, in MiB', () => {
    const half = [2 ** 17]; // 0.5 MiB as float32
    expect(checkLayout([entry('a', half, 0), entry('b', half, MiB / 2)], MiB, MiB)).toEqual([]);
    // a float64 weight takes float32 memory once read
    expect(checkLayout([entry('d', [2 ** 18], 0, 'float64')], 2 * MiB, MiB)).toEqual([]);
    const entries = [entry('bad', [1], 0, 'float32', 3), entry('a', half, 0), entry('b', [2 ** 18], 0)];
    expect(checkLayout(entries, 0, MiB)).toEqual([
      {
        path: 'weightsManifest[2].shape',
        message: "weight 'b' [262144] brings the weights to 1.5 MiB of memory; Lensboard reads at most 1.0 MiB",
      },
    ]);
  });

  it('holds MAX_ARCHIVE_WEIGHT_BYTES exactly, in GiB from 1 GiB up, without making any array', () => {
    const two = [2 ** 29]; // 2 GiB as float32
    const entries = [entry('a', two, 0), entry('b', two, 2 ** 31)];
    expect(checkLayout(entries, 2 ** 32, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([]);
    expect(checkLayout([...entries, entry('c', [2 ** 27], 2 ** 32)], 2 ** 33, MAX_ARCHIVE_WEIGHT_BYTES)).toEqual([
      {
        path: 'weightsManifest[2].shape',
        message: "weight 'c' [134217728] brings the weights to 4.5 GiB of memory; Lensboard reads at most 4.0 GiB",
      },
    ]);
    // 1 GiB is said in GiB, a byte under it in MiB
    expect(checkLayout([entry('W', [2 ** 14, 2 ** 14], 0)], 2 ** 30, 2 ** 30 - 4)[0].message).toBe(
      "weight 'W' [16384, 16384] brings the weights to 1.0 GiB of memory; Lensboard reads at most 1024.0 MiB",
    );
  });
});

describe('readArchiveWeights', () => {
  /** The blob `values` as float32 after `blobStart` bytes of anything. */
  const blobAfter = (blobStart: number, values: number[]) => {
    const out = new Uint8Array(blobStart + values.length * 4).fill(0xee, 0, blobStart);
    out.set(new Uint8Array(Float32Array.from(values).buffer), blobStart);
    return out;
  };

  it('reads each weight whole from its offset past the blob’s start, in manifest order, telling the progress', async () => {
    const { source, reads } = recorded(bytesSource(blobAfter(8, [1, 2, 3, 4, 5, 6])));
    const entries = [entry('b', [2], 12), { ...entry('a', [1, 2], 0), group: 'optimizer' as const }];
    const progress: [number, number][] = [];
    const out = await readArchiveWeights(source, 8, entries, (r, t) => progress.push([r, t]), 8);
    expect(out.map((w) => [w.name, w.shape, w.group, Array.from(w.data)])).toEqual([
      ['b', [2], 'model', [4, 5]],
      ['a', [1, 2], 'optimizer', [1, 2]],
    ]);
    expect(out[0].shape).not.toBe(entries[0].shape);
    expect(reads).toEqual([
      [20, 8],
      [8, 8],
    ]);
    expect(progress).toEqual([
      [8, 16],
      [16, 16],
    ]);
  });

  it('reads a weight larger than the chunk in slices of the chunk, the progress after each', async () => {
    const { source, reads } = recorded(bytesSource(blobAfter(4, [1, 2, 3, 4, 5, 6, 7])));
    const entries = [entry('big', [5], 0), entry('small', [2], 20)];
    const progress: [number, number][] = [];
    const out = await readArchiveWeights(source, 4, entries, (r, t) => progress.push([r, t]), 8);
    expect(out.map((w) => Array.from(w.data))).toEqual([
      [1, 2, 3, 4, 5],
      [6, 7],
    ]);
    expect(reads).toEqual([
      [4, 8],
      [12, 8],
      [20, 4],
      [24, 8],
    ]);
    expect(progress).toEqual([
      [8, 28],
      [16, 28],
      [20, 28],
      [20, 28],
      [28, 28],
    ]);
  });

  it('reads float64 weights rounded to float32, whole or in slices, and works without a progress', async () => {
    // the float64 bytes start 4 bytes into the blob: aligned for float32, not for float64
    const blob = join([new Uint8Array(Float32Array.of(2.5).buffer), new Uint8Array(Float64Array.of(0.1, -3).buffer)]);
    const entries = [entry('d', [2], 4, 'float64'), entry('f', [1], 0)];
    for (const chunk of [4, 64]) {
      const out = await readArchiveWeights(bytesSource(blob), 0, entries, undefined, chunk);
      expect(
        out.map((w) => Array.from(w.data)),
        `chunk ${chunk}`,
      ).toEqual([[Math.fround(0.1), -3], [2.5]]);
      expect(out[0].data).toBeInstanceOf(Float32Array);
    }
  });

  it('reads a weight of exactly the chunk in one piece and one byte-count more in two', async () => {
    const blob = blobAfter(0, [1, 2, 3]);
    const once = recorded(bytesSource(blob));
    await readArchiveWeights(once.source, 0, [entry('a', [2], 0)], undefined, 8);
    expect(once.reads).toEqual([[0, 8]]);
    const twice = recorded(bytesSource(blob));
    await readArchiveWeights(twice.source, 0, [entry('a', [3], 0)], undefined, 8);
    expect(twice.reads).toEqual([
      [0, 8],
      [8, 4],
    ]);
    // twice the chunk: two slices, and no empty third
    const whole = recorded(bytesSource(blobAfter(0, [1, 2, 3, 4])));
    const progress: number[] = [];
    await readArchiveWeights(whole.source, 0, [entry('a', [4], 0)], (r) => progress.push(r), 8);
    expect(whole.reads).toEqual([
      [0, 8],
      [8, 8],
    ]);
    expect(progress).toEqual([8, 16, 16]);
  });

  it('reads in slices of 64 MiB unless told otherwise', async () => {
    const reads: [number, number][] = [];
    const zeros: ByteSource = {
      size: 2 ** 40,
      read: async (offset, length) => {
        reads.push([offset, length]);
        return new Uint8Array(length);
      },
    };
    const slice = 64 * 2 ** 20;
    await readArchiveWeights(zeros, 0, [entry('a', [slice / 4], 0)]);
    expect(reads).toEqual([[0, slice]]);
    reads.length = 0;
    await readArchiveWeights(zeros, 0, [entry('b', [slice / 4 + 1], 0)]);
    expect(reads).toEqual([
      [0, slice],
      [slice, 4],
    ]);
  });

  it('refuses a weight the file ends before, naming it', async () => {
    const short: ByteSource = { size: 100, read: async (_offset, length) => new Uint8Array(Math.min(length, 6)) };
    await expect(readArchiveWeights(short, 0, [entry('a', [1], 0), entry('b', [2], 4)])).rejects.toThrow(
      new Error("weight 'b': the file ended while it was read"),
    );
  });

  it('refuses a weight read in slices that the file ends before, rather than filling the rest with zeros', async () => {
    // a file cut short after its size was taken: the last slice comes back short, or empty
    for (const size of [14, 8]) {
      const source = bytesSource(blobAfter(0, [1, 2, 3, 4]).subarray(0, size));
      const lying: ByteSource = { size: 16, read: source.read };
      await expect(readArchiveWeights(lying, 0, [entry('W', [4], 0)], undefined, 8), `${size} bytes`).rejects.toThrow(
        new Error("weight 'W': the file ended while it was read"),
      );
    }
  });
});

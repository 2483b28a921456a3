/**
 * The model archive (docs/model-format.md, *The archive*): a model of any size as one binary
 * file, `<name>.lensboard`. A 16-byte header (a magic number, the manifest's length), the model
 * file's JSON of format version 2 — every field of the JSON form but `weightData`, each manifest
 * entry saying where its bytes lie — and the weights' bytes, little-endian, at those offsets.
 *
 * Written as a list of chunks (the header and manifest, then each weight's own bytes, not
 * copied on a little-endian host), read tensor by tensor from any `ByteSource` (a file handle in
 * Node, a `File` in the browser); neither ever builds the weights as one string. Form only is
 * checked here (the layout against the bytes there are, and the memory the manifest asks for,
 * before any array is made); modelParse.ts is the door that reads an archive whole.
 */
import { shapeSize } from '../core/shape';
import { lazySchema, z } from '../kinds/zod';
import { ModelFileSchema, type NamedArray, WeightEntrySchema } from './modelSchema';
import type { WeightIssue } from './modelWeights';

/** PNG's trick: a high byte, the letters, and the line endings a text-mode copy would change. */
export const ARCHIVE_MAGIC = Uint8Array.of(0x89, 0x4c, 0x42, 0x4d, 0x0d, 0x0a, 0x1a, 0x0a);
/** Magic (8 bytes), the manifest's length in bytes (u32 LE), reserved zero (u32). */
export const ARCHIVE_HEADER_BYTES = 16;
export const ARCHIVE_VERSION = 2;
export const ARCHIVE_MINOR = 0;
export { ARCHIVE_EXTENSION } from './archiveExtension';
/**
 * The memory the weights may ask for, as float32 arrays: 4 GiB, a 1-billion-parameter model or
 * a 330-million-parameter one trained with Adam. Checked on what the manifest declares, before
 * any array is made.
 */
export const MAX_ARCHIVE_WEIGHT_BYTES = 2 ** 32;

export const DTYPE_BYTES = { float32: 4, float64: 8 } as const;

export const ArchiveEntrySchema = lazySchema(() =>
  WeightEntrySchema.extend({
    dtype: z.enum(['float32', 'float64']),
    /** Where the weight's bytes start, counted from the first byte after the manifest. */
    offset: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    byteLength: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  }),
);

export const ArchiveManifestSchema = lazySchema(() =>
  ModelFileSchema.omit({ weightData: true }).extend({
    formatVersion: z.literal(ARCHIVE_VERSION),
    weightsManifest: z.array(ArchiveEntrySchema).max(100_000),
  }),
);

export type ArchiveEntry = z.infer<typeof ArchiveEntrySchema>;
export type ArchiveManifest = z.infer<typeof ArchiveManifestSchema>;

/** Bytes to read at any offset: a file handle in Node, a Blob in the browser, an array in tests. */
export interface ByteSource {
  readonly size: number;
  /** Exactly `length` bytes from `offset` (fewer only at the end of the source). */
  read(offset: number, length: number): Promise<Uint8Array>;
}

export const bytesSource = (bytes: Uint8Array): ByteSource => ({
  size: bytes.length,
  read: async (offset, length) => bytes.subarray(offset, offset + length),
});

export const blobSource = (blob: Blob): ByteSource => ({
  size: blob.size,
  read: async (offset, length) => new Uint8Array(await blob.slice(offset, offset + length).arrayBuffer()),
});

export const isArchive = (head: Uint8Array): boolean =>
  head.length >= ARCHIVE_MAGIC.length && ARCHIVE_MAGIC.every((b, i) => head[i] === b);

const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** A float32 array's bytes, little-endian: the array's own memory on a little-endian host. */
export function float32Bytes(data: Float32Array): Uint8Array {
  if (LITTLE_ENDIAN) return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  const out = new Uint8Array(data.byteLength);
  const view = new DataView(out.buffer);
  for (let i = 0; i < data.length; i++) view.setFloat32(i * 4, data[i], true);
  return out;
}

/** Little-endian bytes of `dtype` as float32 values (float64 rounded to the nearest float32). */
export function fromLittleEndian(bytes: Uint8Array, dtype: keyof typeof DTYPE_BYTES): Float32Array {
  const width = DTYPE_BYTES[dtype];
  const n = bytes.length / width;
  const aligned = bytes.byteOffset % width === 0;
  if (LITTLE_ENDIAN && aligned) {
    if (dtype === 'float32') return new Float32Array(bytes.buffer, bytes.byteOffset, n);
    return Float32Array.from(new Float64Array(bytes.buffer, bytes.byteOffset, n));
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++)
    out[i] = dtype === 'float32' ? view.getFloat32(i * 4, true) : view.getFloat64(i * 8, true);
  return out;
}

/**
 * The manifest entries of `weights`, one after another from offset 0, and the chunks of the
 * file: header and manifest first, then each weight's bytes. `manifestOf` turns the entries into
 * the manifest object (modelWrite.ts), so that the header can state its length.
 */
export function archiveChunks(
  weights: readonly NamedArray[],
  manifestOf: (entries: ArchiveEntry[]) => unknown,
): Uint8Array[] {
  let offset = 0;
  const entries = weights.map((w): ArchiveEntry => {
    if (w.data.length !== shapeSize(w.shape))
      throw new Error(`'${w.name}' has ${w.data.length} values for shape [${w.shape.join(', ')}]`);
    const entry = { name: w.name, shape: [...w.shape], dtype: 'float32' as const, group: w.group, offset };
    offset += w.data.byteLength;
    return { ...entry, byteLength: w.data.byteLength };
  });
  const json = new TextEncoder().encode(`${JSON.stringify(manifestOf(entries))}\n`);
  // the weights start on a multiple of 8 bytes, so a reader may view them in place
  const padded = Math.ceil(json.length / 8) * 8;
  const head = new Uint8Array(ARCHIVE_HEADER_BYTES + padded).fill(0x20, ARCHIVE_HEADER_BYTES + json.length);
  head.set(ARCHIVE_MAGIC, 0);
  new DataView(head.buffer).setUint32(8, padded, true);
  head.set(json, ARCHIVE_HEADER_BYTES);
  return [head, ...weights.map((w) => float32Bytes(w.data))];
}

export type ArchiveHead =
  | { ok: true; json: string; blobStart: number; blobBytes: number }
  | { ok: false; errors: WeightIssue[] };

const refuse = (message: string): ArchiveHead => ({ ok: false, errors: [{ path: '', message }] });

/** The header and the manifest's text, checked against the source's size and `maxManifestBytes`. */
export async function readArchiveHead(source: ByteSource, maxManifestBytes: number): Promise<ArchiveHead> {
  if (source.size < ARCHIVE_HEADER_BYTES)
    return refuse(`the archive is cut short: ${source.size} bytes, less than its ${ARCHIVE_HEADER_BYTES}-byte header`);
  const head = await source.read(0, ARCHIVE_HEADER_BYTES);
  if (!isArchive(head)) return refuse('not a Lensboard archive: its first bytes are not the .lensboard magic number');
  const view = new DataView(head.buffer, head.byteOffset, head.byteLength);
  const length = view.getUint32(8, true);
  if (view.getUint32(12, true) !== 0) return refuse('the archive header: bytes 12–15 are reserved and must be 0');
  if (length > maxManifestBytes)
    return refuse(
      `the archive's manifest is ${length} bytes; it may have at most ${maxManifestBytes} (${maxManifestBytes / 1e6} MB)`,
    );
  const blobStart = ARCHIVE_HEADER_BYTES + length;
  if (blobStart > source.size)
    return refuse(
      `the archive is cut short: its header declares a manifest of ${length} bytes, the file ends ${source.size - ARCHIVE_HEADER_BYTES} bytes after the header`,
    );
  const bytes = await source.read(ARCHIVE_HEADER_BYTES, length);
  let json: string;
  try {
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse("the archive's manifest is not UTF-8 text");
  }
  return { ok: true, json, blobStart, blobBytes: source.size - blobStart };
}

const sizeText = (bytes: number) =>
  bytes >= 2 ** 30 ? `${(bytes / 2 ** 30).toFixed(1)} GiB` : `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * Every fault of the layout, each naming its weight and JSON path: the memory the weights ask
 * for (over `maxWeightBytes` as float32 arrays), a byte length that is not what the shape and
 * dtype need, bytes past the end of the blob (a file cut short), two weights sharing bytes.
 * Nothing is allocated: a manifest cannot make the reader run out of memory.
 */
export function checkLayout(
  entries: readonly ArchiveEntry[],
  blobBytes: number,
  maxWeightBytes: number,
): WeightIssue[] {
  const issues: WeightIssue[] = [];
  let memory = 0;
  for (const [i, e] of entries.entries()) {
    const n = shapeSize(e.shape);
    memory += n * 4;
    if (memory > maxWeightBytes) {
      return [
        {
          path: `weightsManifest[${i}].shape`,
          message: `weight '${e.name}' [${e.shape.join(', ')}] brings the weights to ${sizeText(memory)} of memory; Lensboard reads at most ${sizeText(maxWeightBytes)}`,
        },
      ];
    }
    const need = n * DTYPE_BYTES[e.dtype];
    if (e.byteLength !== need)
      issues.push({
        path: `weightsManifest[${i}].byteLength`,
        message: `weight '${e.name}' declares ${e.byteLength} bytes; its shape [${e.shape.join(', ')}] of ${e.dtype} needs ${need}`,
      });
    else if (e.offset + e.byteLength > blobBytes)
      issues.push({
        path: `weightsManifest[${i}].offset`,
        message: `weight '${e.name}' lies at bytes ${e.offset}–${e.offset + e.byteLength} of the weights, past their end (${blobBytes} bytes): the file is cut short, or the offset is wrong`,
      });
  }
  if (issues.length > 0) return issues;
  const order = entries.map((_, i) => i).sort((a, b) => entries[a].offset - entries[b].offset);
  for (let k = 1; k < order.length; k++) {
    const a = entries[order[k - 1]];
    const b = entries[order[k]];
    if (b.offset < a.offset + a.byteLength)
      issues.push({
        path: `weightsManifest[${order[k]}].offset`,
        message: `weight '${b.name}' (bytes ${b.offset}–${b.offset + b.byteLength}) overlaps weight '${a.name}' (weightsManifest[${order[k - 1]}], bytes ${a.offset}–${a.offset + a.byteLength})`,
      });
  }
  return issues;
}

/**
 * Each weight's values, read from the blob at its offset (the layout checked first). One array
 * per weight, read in slices of at most `chunk` bytes; `progress` hears the bytes read so far.
 */
export async function readArchiveWeights(
  source: ByteSource,
  blobStart: number,
  entries: readonly ArchiveEntry[],
  progress?: (read: number, total: number) => void,
  chunk = 64 * 2 ** 20,
): Promise<NamedArray[]> {
  const total = entries.reduce((n, e) => n + e.byteLength, 0);
  const ended = (e: ArchiveEntry) => new Error(`weight '${e.name}': the file ended while it was read`);
  let done = 0;
  const out: NamedArray[] = [];
  for (const e of entries) {
    let bytes: Uint8Array;
    if (e.byteLength <= chunk) bytes = await source.read(blobStart + e.offset, e.byteLength);
    else {
      bytes = new Uint8Array(e.byteLength);
      for (let at = 0; at < e.byteLength; at += chunk) {
        const want = Math.min(chunk, e.byteLength - at);
        const part = await source.read(blobStart + e.offset + at, want);
        // a short slice leaves zeros in an array already of the full length: refused here
        if (part.length !== want) throw ended(e);
        bytes.set(part, at);
        progress?.(done + at + want, total);
      }
    }
    if (bytes.length !== e.byteLength) throw ended(e);
    out.push({ name: e.name, shape: [...e.shape], group: e.group, data: fromLittleEndian(bytes, e.dtype) });
    done += e.byteLength;
    progress?.(done, total);
  }
  return out;
}

/**
 * Files the CLI reads go through the app's own door (model/openFile): the size from the file
 * system before a byte is read, then the same checks, migrations and messages as in the app.
 * An ONNX file — named `.onnx`, or bytes that open as a protocol buffer rather than JSON — is
 * drawn by the importer the app's Open uses (docs/export.md, "Import back").
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { DEFAULT_MAX_BYTES as CSV_MAX_BYTES } from '../data/csvError';
import { importOnnx } from '../export/onnx/import/importOnnx';
import type { ByteSource } from '../io/modelArchive';
import { loadOpened, ModelFileError } from '../model/modelRuntime';
import { checkFileSize, type OpenedFile, openSource } from '../model/openFile';
import { describeError, refused } from './command';
import type { CsvRows, FeatureRowReader } from './predictCsv';

const refusedAs = (message: string): OpenedFile => ({ kind: 'error', errors: [{ path: '', message }] });

/**
 * ONNX by its name, or by its first byte: every ONNX writer puts ModelProto's ir_version (field
 * 1, a varint: the byte 0x08) first, and no JSON or text file starts with a backspace.
 */
export const isOnnx = (path: string, bytes: Uint8Array): boolean => /\.onnx$/i.test(path) || bytes[0] === 0x08;

/**
 * An ONNX file as the app opens it; an issue whose message names its node keeps no second path.
 * Weights kept in external data are read from the files its tensors name, beside it.
 */
function openOnnx(path: string, bytes: Uint8Array): OpenedFile {
  const beside = new Map<string, Uint8Array | undefined>();
  const external = {
    get(name: string) {
      if (!beside.has(name)) {
        const at = join(dirname(path), name);
        beside.set(name, existsSync(at) ? new Uint8Array(readFileSync(at)) : undefined);
      }
      return beside.get(name);
    },
  };
  const r = importOnnx(bytes, basename(path).replace(/\.onnx$/i, ''), undefined, external);
  if (r.ok) return { kind: 'model', model: r.file, weights: r.weights, from: 'onnx', note: r.note };
  const errors = r.errors.map((e) => ({ path: e.message.includes(e.path) ? '' : e.path, message: e.message }));
  return { kind: 'error', errors };
}

/** The file at `path` as bytes read where asked (modelArchive.ts's ByteSource), open while `use` runs. */
export async function withFileSource<T>(path: string, use: (source: ByteSource) => Promise<T>): Promise<T> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (offset: number, length: number): Promise<Uint8Array> => {
      const out = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
      let got = 0;
      while (got < out.length) {
        const { bytesRead } = await handle.read(out, got, out.length - got, offset + got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      return got === out.length ? out : out.subarray(0, got);
    };
    return await use({ size, read });
  } finally {
    await handle.close();
  }
}

/**
 * A document, a model (JSON or archive), a lesson or an ONNX file; a model archive is read
 * weight by weight, never whole (docs/model-format.md, *The archive*).
 */
export async function readInput(path: string): Promise<OpenedFile> {
  try {
    if (statSync(path).isDirectory()) return refusedAs('is a folder, not a file');
    return await withFileSource(path, async (source) => {
      const head = await source.read(0, 8);
      if (!isOnnx(path, head)) return openSource(source);
      const tooBig = checkFileSize(source.size);
      return tooBig ?? openOnnx(path, await source.read(0, source.size));
    });
  } catch (e) {
    return refusedAs(`cannot read it: ${describeError(e).replace(`${path}: `, '')}`);
  }
}

/**
 * A trained model ready to run (`predict`, `sample`): the file read through `readInput`, then
 * loaded; a refused file, a document without weights or a model that does not load is refused
 * with its path (exit 2).
 */
export async function readTrainedModel(path: string): Promise<ReturnType<typeof loadOpened>> {
  const opened = await readInput(path);
  if (opened.kind === 'error') throw refused(`${path}: ${describeErrors(opened)}`);
  if (opened.kind !== 'model') throw refused(`${path} is a document without weights; train it first`);
  try {
    return loadOpened(opened.model, opened.weights);
  } catch (e) {
    if (e instanceof ModelFileError) throw refused(`${path}: ${e.message}`);
    throw e;
  }
}

/** Every problem on one line, each starting with its JSON path. */
export const describeErrors = (opened: Extract<OpenedFile, { kind: 'error' }>): string =>
  opened.errors.map((e) => (e.path ? `${e.path}: ${e.message}` : e.message)).join('; ');

/**
 * A CSV of feature rows, streamed line by line into `reader`: the size is checked from the file
 * system before a byte is read (the app's CSV cap, data/csvError.ts), and only the numbers are
 * kept, so memory follows the rows, not the text (docs/untrusted-input.md, "CSV").
 */
export async function readCsvFile(path: string, reader: FeatureRowReader): Promise<CsvRows> {
  const cannot = (e: unknown): CsvRows => ({
    ok: false,
    error: `cannot read it: ${describeError(e).replace(`${path}: `, '')}`,
  });
  let size: number;
  try {
    const stat = statSync(path);
    if (stat.isDirectory()) return { ok: false, error: 'cannot read it: is a folder, not a file' };
    if (!stat.isFile()) return { ok: false, error: 'cannot read it: not a file (a device or a pipe)' };
    size = stat.size;
  } catch (e) {
    return cannot(e);
  }
  if (size > CSV_MAX_BYTES)
    return { ok: false, error: `the file is ${size} bytes; a CSV may have at most ${CSV_MAX_BYTES} bytes (20 MB)` };
  const stream = createReadStream(path, { encoding: 'utf8' });
  // A file that grows while it is read (a log still written) stops at the cap all the same.
  let read = 0;
  try {
    for await (const chunk of stream) {
      read += (chunk as string).length;
      if (read > CSV_MAX_BYTES)
        return { ok: false, error: `the file grew past ${CSV_MAX_BYTES} bytes (20 MB) while read` };
      if (!reader.push(chunk as string)) break;
    }
  } catch (e) {
    return cannot(e);
  } finally {
    stream.destroy();
  }
  return reader.end();
}

/**
 * One door for every file the user opens (Open, Ctrl+O, a drop, the Lessons dialog, the CLI):
 * a document, a model or a lesson, told apart by its `format`, each through its own checked path. The size is checked
 * before the text is parsed; the result says which kind it was, or every problem with its path.
 */
import type { LensDocument } from '../io/document';
import { DOCUMENT_FORMAT } from '../io/document';
import { MAX_LESSON_EXTRA_CHARS, parseLesson } from '../io/lesson';
import { LESSON_FORMAT, type Lesson } from '../io/lessonSchema';
import { ARCHIVE_MAGIC, type ByteSource, isArchive } from '../io/modelArchive';
import { MODEL_FORMAT, type ModelFile, type NamedArray } from '../io/modelSchema';
import type { WeightIssue } from '../io/modelWeights';
import { MAX_DOCUMENT_CHARS, parseDocument } from '../io/parse';
import { readUntrustedJson } from '../io/untrusted';
import { MODEL_DRAFT_FORMAT } from './modelMigrate';
import { type ArchiveOptions, type Carried, MAX_MODEL_CHARS, parseModel, parseModelArchive } from './modelParse';

export type OpenedFile =
  | { kind: 'document'; doc: LensDocument; migratedFrom?: number }
  /** `onnx`: drawn from an ONNX file (docs/export.md, "Import back"), never trained in Lensboard. */
  | {
      kind: 'model';
      model: ModelFile;
      weights: NamedArray[];
      carried?: Carried;
      migratedFrom?: number;
      from?: 'onnx';
      /** An ONNX file's: the loss and optimiser chosen for it, and why, for the opening notice. */
      note?: string;
    }
  /** A lesson (docs/lessons.md) with the diagram it opens, every name its steps use found in it. */
  | { kind: 'lesson'; lesson: Lesson; doc: LensDocument }
  | { kind: 'error'; errors: WeightIssue[] };

const error = (path: string, message: string): OpenedFile => ({ kind: 'error', errors: [{ path, message }] });

/** Files named with their size in bytes, for a refusal before reading (File.size in the browser). */
export function checkFileSize(bytes: number): OpenedFile | undefined {
  return bytes > MAX_MODEL_CHARS
    ? error(
        '',
        `the file is ${bytes} bytes; Lensboard opens files of at most ${MAX_MODEL_CHARS} bytes (50 MB), but for a model archive (.lensboard), which has no such cap`,
      )
    : undefined;
}

/**
 * A file as bytes (a `File` in the browser, a file handle in Node): a model archive by its
 * magic number, read weight by weight (modelParse.ts), never as text; anything else is text, its
 * size checked before a byte is read, then `openFile`. ONNX is told apart by the callers, which
 * draw it in a worker (the app) or at once (the CLI).
 */
export async function openSource(source: ByteSource, options: ArchiveOptions = {}): Promise<OpenedFile> {
  const head = await source.read(0, ARCHIVE_MAGIC.length);
  if (isArchive(head)) {
    const r = await parseModelArchive(source, options);
    return r.ok ? { kind: 'model', ...r } : { kind: 'error', errors: r.errors };
  }
  const tooBig = checkFileSize(source.size);
  if (tooBig) return tooBig;
  const bytes = await source.read(0, source.size);
  return openFile(new TextDecoder().decode(bytes));
}

/** Every file through the checked door (untrusted.ts) first, then its own format's checks and caps. */
export function openFile(file: string): OpenedFile {
  const read = readUntrustedJson(file, MAX_MODEL_CHARS);
  if (!read.ok) return { kind: 'error', errors: read.errors };
  const json = read.value;
  const chars = read.chars;
  const format = typeof json === 'object' && json !== null ? (json as { format?: unknown }).format : undefined;
  if (format === DOCUMENT_FORMAT) {
    if (chars > MAX_DOCUMENT_CHARS) {
      return error('', `the document has ${chars} characters; a document may have at most ${MAX_DOCUMENT_CHARS}`);
    }
    const r = parseDocument(json);
    if (!r.ok) return { kind: 'error', errors: r.errors };
    return r.migratedFrom === undefined
      ? { kind: 'document', doc: r.doc }
      : { kind: 'document', doc: r.doc, migratedFrom: r.migratedFrom };
  }
  if (format === MODEL_FORMAT || format === MODEL_DRAFT_FORMAT) {
    const r = parseModel(json);
    if (!r.ok) return { kind: 'error', errors: r.errors };
    return { kind: 'model', ...r };
  }
  if (format === LESSON_FORMAT) {
    const cap = MAX_DOCUMENT_CHARS + MAX_LESSON_EXTRA_CHARS;
    if (chars > cap) return error('', `the lesson has ${chars} characters; a lesson may have at most ${cap}`);
    const r = parseLesson(json);
    if (!r.ok) return { kind: 'error', errors: r.errors };
    return { kind: 'lesson', lesson: r.ready.lesson, doc: r.ready.doc };
  }
  return error(
    'format',
    `not a Lensboard file: format should be "${DOCUMENT_FORMAT}", "${MODEL_FORMAT}" or "${LESSON_FORMAT}"`,
  );
}

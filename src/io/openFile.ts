/**
 * One door for every file the user opens (Open, Ctrl+O, a drop, the Lessons dialog, the CLI):
 * a document, a model or a lesson, told apart by its `format`, each through its own checked path. The size is checked
 * before the text is parsed; the result says which kind it was, or every problem with its path.
 */
import type { LensDocument } from './document';
import { DOCUMENT_FORMAT } from './document';
import { readJson } from './jsonText';
import { MAX_LESSON_EXTRA_CHARS, parseLesson } from './lesson';
import { LESSON_FORMAT, type Lesson } from './lessonSchema';
import { MODEL_DRAFT_FORMAT } from './modelMigrate';
import { type Carried, MAX_MODEL_CHARS, parseModel } from './modelParse';
import { MODEL_FORMAT, type ModelFile, type NamedArray } from './modelSchema';
import type { WeightIssue } from './modelWeights';
import { MAX_DOCUMENT_CHARS, parseDocument } from './parse';

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
    }
  /** A lesson (docs/lessons.md) with the diagram it opens, every name its steps use found in it. */
  | { kind: 'lesson'; lesson: Lesson; doc: LensDocument }
  | { kind: 'error'; errors: WeightIssue[] };

const error = (path: string, message: string): OpenedFile => ({ kind: 'error', errors: [{ path, message }] });

/** Files named with their size in bytes, for a refusal before reading (File.size in the browser). */
export function checkFileSize(bytes: number): OpenedFile | undefined {
  return bytes > MAX_MODEL_CHARS
    ? error('', `the file is ${bytes} bytes; Lensboard opens files of at most ${MAX_MODEL_CHARS} bytes (50 MB)`)
    : undefined;
}

/** A byte-order mark (as some editors on Windows write one) is not part of the JSON. */
export function openFile(file: string): OpenedFile {
  const text = file.charCodeAt(0) === 0xfeff ? file.slice(1) : file;
  if (text.length > MAX_MODEL_CHARS) {
    return error(
      '',
      `the file has ${text.length} characters; Lensboard opens files of at most ${MAX_MODEL_CHARS} (50 MB)`,
    );
  }
  const read = readJson(text);
  if (!read.ok) return error('', read.message);
  const json = read.value;
  const format = typeof json === 'object' && json !== null ? (json as { format?: unknown }).format : undefined;
  if (format === DOCUMENT_FORMAT) {
    if (text.length > MAX_DOCUMENT_CHARS) {
      return error('', `the document has ${text.length} characters; a document may have at most ${MAX_DOCUMENT_CHARS}`);
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
    if (text.length > cap)
      return error('', `the lesson has ${text.length} characters; a lesson may have at most ${cap}`);
    const r = parseLesson(json);
    if (!r.ok) return { kind: 'error', errors: r.errors };
    return { kind: 'lesson', lesson: r.ready.lesson, doc: r.ready.doc };
  }
  return error(
    'format',
    `not a Lensboard file: format should be "${DOCUMENT_FORMAT}", "${MODEL_FORMAT}" or "${LESSON_FORMAT}"`,
  );
}

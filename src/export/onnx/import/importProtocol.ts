/**
 * The messages between the page and the ONNX import worker (docs/export.md, "Import back"):
 * the file's bytes go in (transferred), progress comes out as the stages advance, then one
 * answer, the import or every reason it was refused. Plain data only (structured clone); the
 * weights' buffers are transferred back. `answerImport` is the worker's whole work, so that a
 * test runs it in its own thread behind structuredClone.
 */
import type { LensDocument } from '../../../io/document';
import type { ExternalFiles } from '../decode';
import { type ImportProgress, importOnnx, type OnnxImport } from './importOnnx';

export interface ImportRequest {
  readonly type: 'import';
  readonly bytes: Uint8Array;
  /** The file's name without `.onnx`: the diagram's name when the graph has none. */
  readonly name: string;
  /** The files its weights are kept in beside it (external data), chosen with it, by name. */
  readonly external?: readonly ExternalFile[];
}

export interface ExternalFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** Files by name, as the decoder looks them up. */
export const externalFiles = (files: readonly ExternalFile[] = []): ExternalFiles =>
  new Map(files.map((f) => [f.name, f.bytes]));

/** The diagram's lists, which a big model's answer sends ahead a part at a time. */
export const PARTED_LISTS = ['boxes', 'wires', 'groups'] as const;
export type PartedList = (typeof PARTED_LISTS)[number];

/**
 * Items per part: the page reads each message in a task of its own, and reading the whole
 * diagram of 14,777 boxes in one took over a second (docs/architecture.md, "Opening a big file").
 */
export const PART_ITEMS = 1000;

export type FromImportWorker =
  | { readonly type: 'progress'; readonly progress: ImportProgress }
  /** A part of the diagram's list `list`, in order; the answer then carries that list empty. */
  | { readonly type: 'items'; readonly list: PartedList; readonly items: readonly unknown[] }
  | { readonly type: 'done'; readonly result: OnnxImport };

export type PostFromImport = (m: FromImportWorker, transfer?: Transferable[]) => void;

/** The weights' buffers, each once (a tied weight is one array). */
export function resultTransfer(result: OnnxImport): ArrayBuffer[] {
  if (!result.ok) return [];
  return [...new Set(result.weights.map((w) => w.data.buffer as ArrayBuffer))];
}

/** Runs one request, posting progress at each whole percent moved and then the answer. */
export function answerImport(request: ImportRequest, post: PostFromImport): void {
  let shown = { stage: '', percent: -1 };
  const result = importOnnx(
    request.bytes,
    request.name,
    (progress) => {
      const percent = Math.floor(progress.fraction * 100);
      if (progress.stage === shown.stage && percent === shown.percent) return;
      shown = { stage: progress.stage, percent };
      post({ type: 'progress', progress });
    },
    externalFiles(request.external),
  );
  post({ type: 'done', result: sentInParts(result, post) }, resultTransfer(result));
}

/**
 * Posts each of the diagram's lists longer than one part as parts, and answers the import with
 * those lists left empty, for `joinParts` to put back.
 */
export function sentInParts(result: OnnxImport, post: PostFromImport, size = PART_ITEMS): OnnxImport {
  if (!result.ok) return result;
  const diagram: Record<string, unknown> = { ...result.file.diagram };
  const long = PARTED_LISTS.filter((list) => result.file.diagram[list].length > size);
  if (long.length === 0) return result;
  for (const list of long) {
    const items = result.file.diagram[list];
    for (let i = 0; i < items.length; i += size) post({ type: 'items', list, items: items.slice(i, i + size) });
    diagram[list] = [];
  }
  return { ...result, file: { ...result.file, diagram: diagram as unknown as LensDocument } };
}

/** The parts heard so far, list by list, for the answer that follows them. */
export type HeardParts = Partial<Record<PartedList, unknown[]>>;

/** Adds a part to those heard. */
export function hearPart(heard: HeardParts, list: PartedList, items: readonly unknown[]): void {
  const into = heard[list] ?? [];
  for (const item of items) into.push(item);
  heard[list] = into;
}

/** The answer with the lists sent ahead as parts put back in place. */
export function joinParts(result: OnnxImport, heard: HeardParts): OnnxImport {
  if (!result.ok || Object.keys(heard).length === 0) return result;
  const diagram = { ...result.file.diagram, ...heard } as LensDocument;
  return { ...result, file: { ...result.file, diagram } };
}

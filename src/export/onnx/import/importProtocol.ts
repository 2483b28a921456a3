/**
 * The messages between the page and the ONNX import worker (docs/export.md, "Import back"):
 * the file's bytes go in (transferred), progress comes out as the stages advance, then one
 * answer, the import or every reason it was refused. Plain data only (structured clone); the
 * weights' buffers are transferred back. `answerImport` is the worker's whole work, so that a
 * test runs it in its own thread behind structuredClone.
 */
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

export type FromImportWorker =
  | { readonly type: 'progress'; readonly progress: ImportProgress }
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
  post({ type: 'done', result }, resultTransfer(result));
}

/**
 * The page's side of the ONNX import (docs/export.md, "Import back"): the bytes go to a module
 * worker (importOnnx.worker.ts), progress comes back as it is made, and `cancel` terminates the
 * worker, so an import cancelled changes nothing and costs nothing more. A big diagram's lists
 * arrive a part at a time before the answer (importProtocol.ts, `sentInParts`). Where no Worker exists
 * (Node, tests) the import runs inline, loaded only then. A worker that dies answers as a refusal
 * saying so, never as silence.
 */
import type { ImportProgress, OnnxImport } from './importOnnx';
import {
  type ExternalFile,
  externalFiles,
  type FromImportWorker,
  type HeardParts,
  hearPart,
  type ImportRequest,
  joinParts,
} from './importProtocol';

/** What the client needs of a Worker, so that a test can hand it one in its own thread. */
export interface ImportWorkerLike {
  onmessage: ((event: { data: FromImportWorker }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  postMessage(message: ImportRequest, transfer: Transferable[]): void;
  terminate(): void;
}

export type ImportOutcome = OnnxImport | { readonly ok: 'cancelled' };

export interface RunningImport {
  readonly done: Promise<ImportOutcome>;
  /** Stops the import: `done` resolves to cancelled and no progress is heard after. */
  cancel(): void;
}

const browserWorker = (): ImportWorkerLike =>
  new Worker(new URL('./importOnnx.worker.ts', import.meta.url), { type: 'module' }) as unknown as ImportWorkerLike;

const died = (why: string): OnnxImport => ({
  ok: false,
  errors: [{ path: '', message: `the ONNX reader stopped before it finished: ${why}` }],
});

async function inline(
  bytes: Uint8Array,
  name: string,
  onProgress: (p: ImportProgress) => void,
  external: readonly ExternalFile[],
): Promise<OnnxImport> {
  const { importOnnx } = await import('./importOnnx');
  return importOnnx(bytes, name, onProgress, externalFiles(external));
}

/**
 * Starts importing `bytes` (transferred to the worker: the caller's array is emptied), with the
 * files its weights are kept in beside it (`external`, transferred too). `makeWorker` defaults
 * to the module worker, or none where `Worker` does not exist.
 */
export function startOnnxImport(
  bytes: Uint8Array,
  name: string,
  onProgress: (p: ImportProgress) => void,
  makeWorker: (() => ImportWorkerLike) | null = typeof Worker === 'undefined' ? null : browserWorker,
  external: readonly ExternalFile[] = [],
): RunningImport {
  let cancelled = false;
  let settle: (o: ImportOutcome) => void = () => {};
  const hear = (p: ImportProgress) => !cancelled && onProgress(p);
  const worker = makeWorker?.();
  const done = new Promise<ImportOutcome>((resolve) => {
    settle = (o) => {
      worker?.terminate();
      resolve(o);
    };
  });
  if (worker) {
    const heard: HeardParts = {};
    worker.onmessage = ({ data }) => {
      if (cancelled) return;
      if (data.type === 'progress') hear(data.progress);
      else if (data.type === 'items') hearPart(heard, data.list, data.items);
      else settle(joinParts(data.result, heard));
    };
    worker.onerror = (e) => !cancelled && settle(died(e.message || 'the worker failed'));
    const moved = [...new Set([bytes, ...external.map((f) => f.bytes)].map((b) => b.buffer as ArrayBuffer))];
    worker.postMessage(
      external.length ? { type: 'import', bytes, name, external } : { type: 'import', bytes, name },
      moved,
    );
  } else {
    inline(bytes, name, hear, external).then(
      (r) => !cancelled && settle(r),
      (e: Error) => !cancelled && settle(died(e.message)),
    );
  }
  const cancel = () => {
    if (cancelled) return;
    cancelled = true;
    settle({ ok: 'cancelled' });
  };
  return { done, cancel };
}

/**
 * A model archive opened off the page's main thread (docs/model-format.md, *The archive*, and
 * docs/architecture.md, "Opening a big file"): the picked file (a Blob, cloned as a handle, not
 * its bytes) goes to a module worker (archiveOpen.worker.ts), which reads and checks it through
 * the one door (openFile.ts `openSource`) and posts how far it has come; the answer's weights
 * come back transferred, not copied. `cancel` terminates the worker, so a cancelled open changes
 * nothing and costs nothing more. Where no Worker exists (Node, tests) the read runs inline.
 * `answerArchiveOpen` is the worker's whole work, so that a test runs it in its own thread
 * behind structuredClone.
 */
import { blobSource } from '../io/modelArchive';
import { type OpenedFile, openSource } from './openFile';

export interface ArchiveOpenRequest {
  readonly type: 'open';
  readonly file: Blob;
}

export type FromArchiveWorker =
  | { readonly type: 'progress'; readonly read: number; readonly total: number }
  | { readonly type: 'done'; readonly opened: OpenedFile };

export type PostFromArchive = (m: FromArchiveWorker, transfer?: Transferable[]) => void;

/** What the client needs of a Worker, so that a test can hand it one in its own thread. */
export interface ArchiveWorkerLike {
  onmessage: ((event: { data: FromArchiveWorker }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  postMessage(message: ArchiveOpenRequest): void;
  terminate(): void;
}

/** The opened weights' buffers, each once. */
export function openedTransfer(opened: OpenedFile): ArrayBuffer[] {
  if (opened.kind !== 'model') return [];
  return [...new Set(opened.weights.map((w) => w.data.buffer as ArrayBuffer))];
}

const failed = (why: string): OpenedFile => ({
  kind: 'error',
  errors: [{ path: '', message: `the browser could not read the file: ${why}` }],
});

/** Reads one file, posting progress at each whole percent, then the answer with its weights moved. */
export async function answerArchiveOpen(request: ArchiveOpenRequest, post: PostFromArchive): Promise<void> {
  let shown = -1;
  const progress = (read: number, total: number) => {
    const percent = Math.floor((read / Math.max(1, total)) * 100);
    if (percent === shown) return;
    shown = percent;
    post({ type: 'progress', read, total });
  };
  let opened: OpenedFile;
  try {
    opened = await openSource(blobSource(request.file), { progress });
  } catch (e) {
    opened = failed(e instanceof Error ? e.message : String(e));
  }
  post({ type: 'done', opened }, openedTransfer(opened));
}

export interface RunningArchiveOpen {
  /** The file opened or refused; `null` when cancelled. */
  readonly done: Promise<OpenedFile | null>;
  /** Stops the read: `done` resolves to null and no progress is heard after. */
  cancel(): void;
}

const browserWorker = (): ArchiveWorkerLike =>
  new Worker(new URL('./archiveOpen.worker.ts', import.meta.url), { type: 'module' }) as unknown as ArchiveWorkerLike;

/** Starts reading `file`; `makeWorker` defaults to the module worker, or none where `Worker` does not exist. */
export function startArchiveOpen(
  file: Blob,
  onProgress: (read: number, total: number) => void,
  makeWorker: (() => ArchiveWorkerLike) | null = typeof Worker === 'undefined' ? null : browserWorker,
): RunningArchiveOpen {
  let cancelled = false;
  let settle: (o: OpenedFile | null) => void = () => {};
  const worker = makeWorker?.();
  const done = new Promise<OpenedFile | null>((resolve) => {
    settle = (o) => {
      worker?.terminate();
      resolve(o);
    };
  });
  const hear: PostFromArchive = (m) => {
    if (cancelled) return;
    if (m.type === 'progress') onProgress(m.read, m.total);
    else settle(m.opened);
  };
  if (worker) {
    worker.onmessage = ({ data }) => hear(data);
    worker.onerror = (e) =>
      !cancelled &&
      settle(failed(`the archive reader stopped before it finished: ${e.message || 'the worker failed'}`));
    worker.postMessage({ type: 'open', file });
  } else void answerArchiveOpen({ type: 'open', file }, hear);
  const cancel = () => {
    if (cancelled) return;
    cancelled = true;
    settle(null);
  };
  return { done, cancel };
}

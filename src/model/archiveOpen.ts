/**
 * A model archive opened off the page's main thread (docs/model-format.md, *The archive*, and
 * docs/architecture.md, "Opening a big file"): the picked file (a Blob, cloned as a handle, not
 * its bytes) goes to a module worker (archiveOpen.worker.ts), which reads and checks it through
 * the one door (openFile.ts `openSource`) and posts how far it has come; the answer's weights
 * come back transferred, not copied. `cancel` terminates the worker, so a cancelled open changes
 * nothing and costs nothing more. Where no Worker exists (Node, tests) the read runs inline.
 * The worker's whole work is `answerArchiveOpen` (archiveOpenWork.ts).
 */

import { keepSpareCopy } from '../learn/trainProtocol';
import {
  type ArchiveOpenRequest,
  answerArchiveOpen,
  type FromArchiveWorker,
  failed,
  type PostFromArchive,
} from './archiveOpenWork';
import type { OpenedFile } from './openFile';

export type { ArchiveOpenRequest, FromArchiveWorker, PostFromArchive } from './archiveOpenWork';
export { answerArchiveOpen, openedTransfer } from './archiveOpenWork';

/** What the client needs of a Worker, so that a test can hand it one in its own thread. */
export interface ArchiveWorkerLike {
  onmessage: ((event: { data: FromArchiveWorker }) => void) | null;
  onerror: ((event: { message?: string }) => void) | null;
  postMessage(message: ArchiveOpenRequest): void;
  terminate(): void;
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
    else {
      // the spare copies go with the weights they copy, for the first run's start to move
      if (m.opened.kind === 'model' && m.spares)
        m.opened.weights.forEach((w, i) => {
          const spare = m.spares?.[i];
          if (spare) keepSpareCopy(w.data, spare);
        });
      settle(m.opened);
    }
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

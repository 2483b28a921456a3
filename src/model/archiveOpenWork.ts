/**
 * The archive reader's whole work (archiveOpen.ts has the client): read and check one picked
 * file through the one door (openFile.ts `openSource`), post progress at each whole percent, then
 * the answer with its weights moved. The module worker (archiveOpen.worker.ts) runs it; where no
 * Worker exists the client runs it inline, and a test runs it in its own thread behind
 * structuredClone.
 */
import { blobSource } from '../io/modelArchive';
import { type OpenedFile, openSource } from './openFile';

export interface ArchiveOpenRequest {
  readonly type: 'open';
  readonly file: Blob;
}

export type FromArchiveWorker =
  | { readonly type: 'progress'; readonly read: number; readonly total: number }
  | {
      readonly type: 'done';
      readonly opened: OpenedFile;
      /**
       * A model's weights copied once more, in the order of `opened.weights`: the training worker's
       * start moves these instead of copying the page's on its main thread (learn/trainProtocol.ts).
       */
      readonly spares?: readonly Float32Array[];
    };

export type PostFromArchive = (m: FromArchiveWorker, transfer?: Transferable[]) => void;

/** The opened weights' buffers, each once. */
export function openedTransfer(opened: OpenedFile): ArrayBuffer[] {
  if (opened.kind !== 'model') return [];
  return [...new Set(opened.weights.map((w) => w.data.buffer as ArrayBuffer))];
}

export const failed = (why: string): OpenedFile => ({
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
  if (opened.kind !== 'model') {
    post({ type: 'done', opened }, openedTransfer(opened));
    return;
  }
  const spares = opened.weights.map((w) => w.data.slice());
  post({ type: 'done', opened, spares }, [...openedTransfer(opened), ...spares.map((s) => s.buffer as ArrayBuffer)]);
}

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
  | { readonly type: 'done'; readonly opened: OpenedFile };

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
  post({ type: 'done', opened }, openedTransfer(opened));
}

/**
 * A model archive read and checked off the main thread: a 25 M-parameter model's weights are
 * read, checked finite and handed over while the page stays responsive and shows how far it has
 * come; Cancel terminates this worker (archiveOpen.ts; the work is archiveOpenWork.ts).
 */
import { type ArchiveOpenRequest, answerArchiveOpen, type FromArchiveWorker } from './archiveOpenWork';

// Typed as a worker scope by hand: the project's lib is DOM, whose `self` is a Window.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ArchiveOpenRequest>) => void) | null;
  postMessage(message: FromArchiveWorker, transfer: Transferable[]): void;
};

scope.onmessage = ({ data }) => void answerArchiveOpen(data, (m, transfer = []) => scope.postMessage(m, transfer));

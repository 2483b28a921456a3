/**
 * The ONNX import off the main thread: a file of 10,000 nodes is decoded and drawn while the page
 * stays responsive and shows progress; Cancel terminates this worker (importClient.ts).
 */
import { answerImport, type FromImportWorker, type ImportRequest } from './importProtocol';

// Typed as a worker scope by hand: the project's lib is DOM, whose `self` is a Window.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ImportRequest>) => void) | null;
  postMessage(message: FromImportWorker, transfer: Transferable[]): void;
};

scope.onmessage = ({ data }) => answerImport(data, (m, transfer = []) => scope.postMessage(m, transfer));

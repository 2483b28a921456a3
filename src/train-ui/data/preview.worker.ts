/**
 * The data panel's worker: datasets are generated (or MNIST fetched and decoded) here, off the
 * page's thread, and only a bounded preview comes back, its arrays transferred. MNIST's bytes
 * are fetched once per worker.
 */
import { fetchMnistBuffer } from '../../data/mnist';
import { previewTransfer } from './previewData';
import { type PreviewRequest, type PreviewResponse, previewAnswerer } from './previewProtocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<PreviewRequest>) => void) | null;
  postMessage(message: PreviewResponse, transfer: Transferable[]): void;
};

let mnist: Promise<ArrayBuffer> | null = null;
const mnistBytes = () => {
  mnist ??= fetchMnistBuffer().catch((e: unknown) => {
    mnist = null;
    throw e;
  });
  return mnist;
};

const answer = previewAnswerer(undefined, (id) => (id === 'mnist' ? { mnistBytes } : {}));

scope.onmessage = async ({ data }) => {
  const response = await answer(data);
  scope.postMessage(response, response.ok ? previewTransfer(response.preview) : []);
};

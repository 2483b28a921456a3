/**
 * The training worker: `new Worker(new URL('./train.worker.ts', import.meta.url), { type: 'module' })`.
 * All the logic is in trainHost; this file only connects it to the worker's message port.
 */
import { createTrainHost } from './trainHost';
import type { ToWorker } from './trainProtocol';

const scope = self as unknown as {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};

const handle = createTrainHost((message, transfer) => scope.postMessage(message, transfer ?? []));
scope.onmessage = (e) => handle(e.data);

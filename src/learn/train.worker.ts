/**
 * The training worker: `new Worker(new URL('./train.worker.ts', import.meta.url), { type: 'module' })`.
 * All the logic is in trainHost; this file connects it to the worker's message port and tells it
 * where Vite serves tfjs's wasm files (imported with `?url`: same origin, no network), so that
 * the page itself never loads tfjs.
 */
import wasmPlain from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm?url';
import wasmSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-simd.wasm?url';
import wasmThreadedSimd from '@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm-threaded-simd.wasm?url';
import { createTrainHost } from './trainHost';
import type { ToWorker } from './trainProtocol';

const scope = self as unknown as {
  postMessage(message: unknown, transfer?: Transferable[]): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
};

const wasmPaths = {
  'tfjs-backend-wasm.wasm': wasmPlain,
  'tfjs-backend-wasm-simd.wasm': wasmSimd,
  'tfjs-backend-wasm-threaded-simd.wasm': wasmThreadedSimd,
};

const handle = createTrainHost((message, transfer) => scope.postMessage(message, transfer ?? []), { wasmPaths });
scope.onmessage = (e) => handle(e.data);

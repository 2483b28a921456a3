/**
 * The live compile of a big document in a worker (./compile.worker.ts), so that opening a big
 * ONNX model or a 10,000-box diagram does not freeze the page while its types are inferred:
 * compiling 14,777 boxes takes seconds. A small document compiles on the main thread, where it
 * costs less than a message. One worker, made on first use; one request at a time answered, the
 * last asked winning (an answer for an older document is dropped by the caller).
 */
import type { CompileResult } from '../../compile/types';
import type { LensDocument } from '../../io/document';
import { documentJson } from '../jsonSlices';

/** From this many boxes on, a document is compiled off the main thread. */
export const OFF_THREAD_BOXES = 1500;

export interface CompileRequest {
  readonly id: number;
  /**
   * The document's JSON text, made a slice at a time (../jsonSlices, shared with the autosave),
   * as a Blob of one Blob per slice, handed to the worker by reference, where cloning the
   * document's object tree took seconds in one task of the page, and making one Blob of the
   * whole text about a second (docs/architecture.md, "Opening a big file").
   */
  readonly json: Blob;
}

export type CompileResponse =
  | { readonly id: number; readonly ok: true; readonly result: CompileResult }
  | { readonly id: number; readonly ok: false; readonly message: string };

export const compilesOffThread = (doc: LensDocument): boolean =>
  typeof Worker !== 'undefined' && doc.boxes.length >= OFF_THREAD_BOXES;

let worker: Worker | null = null;
let next = 0;
const waiting = new Map<number, { resolve: (r: CompileResult) => void; reject: (e: Error) => void }>();

function theWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL('./compile.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = ({ data }: MessageEvent<CompileResponse>) => {
    const ask = waiting.get(data.id);
    waiting.delete(data.id);
    if (!ask) return;
    if (!data.ok) return ask.reject(new Error(data.message));
    // Answered in a task of its own: reading a big model's answer takes ~130 ms here, and the
    // panels it re-renders (the term, the types) as long again (docs/architecture.md).
    const { result } = data;
    setTimeout(() => ask.resolve(result), 0);
  };
  w.onerror = (e) => {
    // a worker that dies fails every question asked of it; the next is asked of a new one
    for (const ask of waiting.values()) ask.reject(new Error(e.message || 'the compile worker failed'));
    waiting.clear();
    worker = null;
  };
  worker = w;
  return w;
}

/** `doc` compiled in the worker. */
export async function compileOffThread(doc: LensDocument): Promise<CompileResult> {
  const json = (await documentJson(doc)).blob;
  const id = ++next;
  return new Promise<CompileResult>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    theWorker().postMessage({ id, json } satisfies CompileRequest);
  });
}

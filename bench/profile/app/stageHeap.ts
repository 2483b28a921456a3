/**
 * What the page and its workers still hold after a stage of a suite (`npm run bench --
 * bigmodel-chromium --heap=<dir>`): each JavaScript thread (the page's main thread and every
 * dedicated worker, reached through CDP's auto-attach) is garbage-collected, then its heap
 * (`Runtime.getHeapUsage`: the JS objects, and the ArrayBuffers' backing stores beside them)
 * is read; the page's heap snapshot is written to `<dir>/<stage>.page.heapsnapshot` and its
 * biggest objects named with what keeps them (./heapRetainers.ts). A worker's is taken only
 * after the last stage (`last`): it holds the worker's thread for seconds, and the page's
 * heartbeat then takes the training worker for dead (learn/trainerPulse.ts). The workers are
 * followed from the start only with `workers` (`--heap-workers`), else from the last stage: on a
 * loaded machine the training worker was seen to end while followed. With the processes' resident
 * memory read at the same moment, this tells bytes the page still refers to from bytes a
 * process freed but its allocator has not given back to the system.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { biggestRetained } from './heapRetainers';

export interface ThreadHeap {
  readonly thread: string;
  /** The JS heap's live objects after GC, in bytes. */
  readonly used: number;
  /** The ArrayBuffers' backing stores (outside the JS heap), in bytes. */
  readonly buffers: number;
  /** The biggest objects and their shortest path from a root, one a line. */
  readonly biggest: readonly string[];
}

interface Attached {
  readonly sessionId: string;
  readonly url: string;
}

type Send = (method: string, params?: object) => Promise<unknown>;

/** Follows the page's workers and reads each thread's heap after GC. */
export async function stageHeap(page: Page, dir: string | undefined, workers = false) {
  if (dir === undefined) return { after: async (_: string): Promise<ThreadHeap[]> => [] };
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const attached = new Map<string, Attached>();
  const chunks = new Map<string, string[]>();
  const replies = new Map<number, (m: { result?: unknown; error?: { message: string } }) => void>();
  let next = 0;
  cdp.on('Target.attachedToTarget', (e) => {
    if (e.targetInfo.type === 'worker') attached.set(e.sessionId, { sessionId: e.sessionId, url: e.targetInfo.url });
  });
  cdp.on('Target.detachedFromTarget', (e) => {
    if (e.sessionId) attached.delete(e.sessionId);
  });
  cdp.on('Target.receivedMessageFromTarget', (e) => {
    const m = JSON.parse(e.message) as {
      id?: number;
      method?: string;
      params?: { chunk: string };
      result?: unknown;
      error?: { message: string };
    };
    if (m.id !== undefined) replies.get(m.id)?.(m);
    else if (m.method === 'HeapProfiler.addHeapSnapshotChunk' && m.params)
      chunks.get(e.sessionId)?.push(m.params.chunk);
  });
  let following = false;
  const follow = async () => {
    if (following) return;
    following = true;
    await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: false, flatten: false });
    await new Promise((go) => setTimeout(go, 500)); // the workers there already are attached now
  };
  if (workers) await follow();
  const inWorker =
    (sessionId: string): Send =>
    (method, params = {}) =>
      new Promise((resolve, reject) => {
        const id = ++next;
        // a worker may end between the listing and the question: no reply then
        const gone = setTimeout(() => replies.get(id)?.({ error: { message: 'no reply in 120 s' } }), 120_000);
        replies.set(id, (m) => {
          clearTimeout(gone);
          replies.delete(id);
          if (m.error) reject(new Error(m.error.message));
          else resolve(m.result);
        });
        cdp
          .send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id, method, params }) })
          .catch((e: Error) => replies.get(id)?.({ error: { message: e.message } }));
      });
  const pageChunks: string[] = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', (e) => pageChunks.push(e.chunk));
  const onPage: Send = (method, params) => cdp.send(method as 'Runtime.getHeapUsage', params as never);

  async function thread(name: string, send: Send, file?: string, sink: string[] = []): Promise<ThreadHeap> {
    await send('HeapProfiler.enable');
    for (let i = 0; i < 3; i++) await send('HeapProfiler.collectGarbage');
    const usage = (await send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
    const measured = { thread: name, used: usage.usedSize, buffers: usage.backingStorageSize ?? Number.NaN };
    if (file === undefined) return { ...measured, biggest: [] };
    sink.length = 0;
    await send('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
    const text = sink.join('');
    sink.length = 0;
    writeFileSync(file, text);
    const biggest = biggestRetained(JSON.parse(text), 2 ** 20, 12);
    return { ...measured, biggest };
  }

  return {
    /** Every thread's heap after GC, its snapshot written and its biggest objects printed. */
    async after(stage: string, last = false): Promise<ThreadHeap[]> {
      const base = join(dir, stage.replace(/[^\w-]+/g, '-'));
      const heaps = [await thread('page', onPage, `${base}.page.heapsnapshot`, pageChunks)];
      if (last) await follow();
      let w = 0;
      for (const { sessionId, url } of [...attached.values()]) {
        const name = `worker ${++w} (${url.replace(/^.*\//, '').replace(/-[\w-]{8}\.js$/, '')})`;
        const sink: string[] = [];
        chunks.set(sessionId, sink);
        try {
          const file = last ? `${base}.worker${w}.heapsnapshot` : undefined;
          heaps.push(await thread(name, inWorker(sessionId), file, sink));
        } catch (e) {
          process.stderr.write(`  ${name}: ${e instanceof Error ? e.message : String(e)}\n`);
        } finally {
          chunks.delete(sessionId);
        }
      }
      process.stderr.write(`\n=== heap after ${stage}\n`);
      for (const h of heaps)
        process.stderr.write(
          `${h.thread}: JS heap ${(h.used / 1e6).toFixed(1)} MB, ArrayBuffers ${(h.buffers / 1e6).toFixed(1)} MB\n${h.biggest.map((b) => `    ${b}`).join('\n')}\n`,
        );
      return heaps;
    },
  };
}

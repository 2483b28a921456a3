/**
 * The archive-open worker's protocol (archiveOpen.ts), with the worker in the test's own thread
 * behind structuredClone (what postMessage does, transfers included): the answer is the one door's
 * (openFile.ts), its weights moved, not copied; a refusal keeps its message naming the weight and
 * its JSON path; Cancel stops hearing and terminates the worker; a worker that dies says so.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_HEADER_BYTES, bytesSource } from '../io/modelArchive';
import {
  type ArchiveOpenRequest,
  type ArchiveWorkerLike,
  answerArchiveOpen,
  type FromArchiveWorker,
  startArchiveOpen,
} from './archiveOpen';
import { type OpenedFile, openSource } from './openFile';

const archive = () => new Uint8Array(readFileSync(new URL('../io/fixtures/model-v2.0.lensboard', import.meta.url)));

/** What the worker posted, and the arrays it gave away (emptied once moved). */
function inThread(): ArchiveWorkerLike & { terminated: boolean; sent: FromArchiveWorker[] } {
  const w: ArchiveWorkerLike & { terminated: boolean; sent: FromArchiveWorker[] } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    sent: [],
    postMessage: (m: ArchiveOpenRequest) => {
      const request = structuredClone(m);
      setTimeout(() =>
        answerArchiveOpen(request, (out, moved = []) => {
          w.sent.push(out);
          const arrived = structuredClone(out, { transfer: moved });
          setTimeout(() => !w.terminated && w.onmessage?.({ data: arrived }), 0);
        }),
      );
    },
    terminate: () => {
      w.terminated = true;
    },
  };
  return w;
}

const weightsOf = (o: OpenedFile | null) => {
  if (o?.kind !== 'model') throw new Error(`not a model: ${JSON.stringify(o)}`);
  return o.weights;
};

describe('an archive opened in a worker', () => {
  it('answers as the door does, the weights moved out of the worker, progress on the way', async () => {
    const worker = inThread();
    const heard: number[] = [];
    const opened = await startArchiveOpen(
      new Blob([archive()]),
      (read) => heard.push(read),
      () => worker,
    ).done;
    const inline = await openSource(bytesSource(archive()));
    expect(weightsOf(opened).map((w) => [w.name, [...w.data]])).toEqual(
      weightsOf(inline).map((w) => [w.name, [...w.data]]),
    );
    if (opened?.kind !== 'model' || inline.kind !== 'model') throw new Error('not a model');
    expect(opened.model).toEqual(inline.model);
    expect(heard.length).toBeGreaterThan(0);
    expect(heard).toEqual([...heard].sort((a, b) => a - b));
    // the worker's own arrays were transferred: nothing of them is left there
    const done = worker.sent.find((m) => m.type === 'done');
    expect(weightsOf(done?.type === 'done' ? done.opened : null).every((w) => w.data.byteLength === 0)).toBe(true);
    // and a spare copy of each came with them, for the training worker's start to move
    const spares = done?.type === 'done' ? (done.spares ?? []) : [];
    expect(spares.every((s) => s.byteLength === 0)).toBe(true);
    expect(spares).toHaveLength(weightsOf(opened).length);
    expect(worker.terminated).toBe(true);
  });

  it('keeps a refusal naming the weight and its JSON path', async () => {
    const bytes = archive();
    const length = new DataView(bytes.buffer).getUint32(8, true);
    // the first weight's first value made NaN (float32 0x7fc00000, little-endian)
    bytes.set([0, 0, 0xc0, 0x7f], ARCHIVE_HEADER_BYTES + length);
    const opened = await startArchiveOpen(new Blob([bytes]), () => {}, inThread).done;
    expect(opened?.kind).toBe('error');
    const errors = opened?.kind === 'error' ? opened.errors : [];
    expect(errors[0]?.path).toMatch(/^weightsManifest\[\d+\]$/);
    expect(errors[0]?.message).toMatch(/^weight '.+' holds NaN at index 0; weights must be finite numbers$/);
  });

  it('stops at Cancel: nothing heard after, the worker terminated', async () => {
    const worker = inThread();
    let heard = 0;
    const read = startArchiveOpen(
      new Blob([archive()]),
      () => heard++,
      () => worker,
    );
    read.cancel();
    expect(await read.done).toBeNull();
    await new Promise((go) => setTimeout(go, 20));
    expect(heard).toBe(0);
    expect(worker.terminated).toBe(true);
  });

  it('says so when the worker dies', async () => {
    const worker: ArchiveWorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage: () => setTimeout(() => worker.onerror?.({ message: 'out of memory' })),
      terminate: () => {},
    };
    const opened = await startArchiveOpen(
      new Blob([archive()]),
      () => {},
      () => worker,
    ).done;
    expect(opened).toEqual({
      kind: 'error',
      errors: [
        {
          path: '',
          message: 'the browser could not read the file: the archive reader stopped before it finished: out of memory',
        },
      ],
    });
  });
});

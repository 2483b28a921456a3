/**
 * The ONNX import worker's protocol, with the worker in the test's own thread behind
 * structuredClone (what postMessage does, transfers included): progress arrives stage by stage
 * and only forwards, the answer carries the weights, Cancel stops hearing and terminates the
 * worker, a refusal names the node as the inline import does, and a worker that dies says so.
 */
import { describe, expect, it } from 'vitest';
import { bigOnnx, file, node } from '../../../testing/onnxFiles';
import { type ImportWorkerLike, startOnnxImport } from './importClient';
import { IMPORT_STAGES, type ImportProgress, importOnnx } from './importOnnx';
import {
  answerImport,
  type FromImportWorker,
  type HeardParts,
  hearPart,
  type ImportRequest,
  joinParts,
  PARTED_LISTS,
  sentInParts,
} from './importProtocol';

function inThread(): ImportWorkerLike & { terminated: boolean } {
  const w: ImportWorkerLike & { terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage: (m: ImportRequest, transfer: Transferable[]) => {
      const request = structuredClone(m, { transfer });
      setTimeout(() =>
        answerImport(request, (out: FromImportWorker, moved: Transferable[] = []) => {
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

const bad = () => file([node('LRN', ['input'], ['output'])], [], ['N', 4], ['N', 4]);

describe('the ONNX import worker', () => {
  it('reports each stage in order, never going back, then answers with the model and its weights', async () => {
    const heard: ImportProgress[] = [];
    const bytes = bigOnnx(200);
    const worker = inThread();
    const running = startOnnxImport(
      bytes,
      'big',
      (p) => heard.push(p),
      () => worker,
    );
    expect(bytes.length).toBe(0);
    const r = await running.done;
    if (r.ok !== true) throw new Error('not imported');
    expect(r.weights.every((w) => w.data instanceof Float32Array && w.data.length > 0)).toBe(true);
    const inline = importOnnx(bigOnnx(200), 'big');
    if (!inline.ok) throw new Error('not imported inline');
    expect(r.weights).toEqual(inline.weights);
    expect(r.file.diagram).toEqual(inline.file.diagram);
    expect([...new Set(heard.map((p) => p.stage))]).toEqual([...IMPORT_STAGES]);
    const fractions = heard.map((p) => p.fraction);
    expect(fractions).toEqual([...fractions].sort((a, b) => a - b));
    expect(worker.terminated).toBe(true);
  });

  it('stops at Cancel: nothing more is heard, the answer is cancelled and the worker is terminated', async () => {
    const heard: ImportProgress[] = [];
    const worker = inThread();
    const running = startOnnxImport(
      bigOnnx(200),
      'big',
      (p) => {
        heard.push(p);
        running.cancel();
      },
      () => worker,
    );
    expect(await running.done).toEqual({ ok: 'cancelled' });
    await new Promise((r) => setTimeout(r, 20));
    expect(heard).toHaveLength(1);
    expect(worker.terminated).toBe(true);
  });

  it('answers a refused file with the same words as the import itself, naming the node', async () => {
    const r = await startOnnxImport(bad(), 'norm', () => {}, inThread).done;
    expect(r).toEqual(importOnnx(bad(), 'norm'));
    expect(r.ok === false && r.errors[0].message).toBe(
      "node “output_node” (LRN): ONNX's LRN has no Lensboard generator",
    );
  });

  it('says so when the worker dies, and imports inline where there is no Worker', async () => {
    const dying: ImportWorkerLike = {
      onmessage: null,
      onerror: null,
      postMessage: () => setTimeout(() => dying.onerror?.({ message: 'out of memory' })),
      terminate: () => {},
    };
    const r = await startOnnxImport(
      bad(),
      'norm',
      () => {},
      () => dying,
    ).done;
    expect(r).toEqual({
      ok: false,
      errors: [{ path: '', message: 'the ONNX reader stopped before it finished: out of memory' }],
    });
    expect(await startOnnxImport(bad(), 'norm', () => {}, null).done).toEqual(importOnnx(bad(), 'norm'));
  });

  it('sends a big diagram’s lists ahead in parts, in order, and the page puts them back as they were', () => {
    const whole = importOnnx(bigOnnx(200), 'big');
    if (!whole.ok) throw new Error('not imported');
    const posted: FromImportWorker[] = [];
    const answer = sentInParts(whole, (m) => posted.push(structuredClone(m)), 50);
    const d = whole.file.diagram;
    const parts = posted.flatMap((m) => (m.type === 'items' ? [m] : []));
    expect(parts).toHaveLength(posted.length);
    for (const list of PARTED_LISTS) {
      const of = parts.filter((p) => p.list === list);
      expect(of.map((p) => p.items.length)).toEqual(
        d[list].length > 50
          ? Array.from({ length: Math.ceil(d[list].length / 50) }, (_, i) => Math.min(50, d[list].length - 50 * i))
          : [],
      );
      expect(answer.ok && answer.file.diagram[list]).toEqual(d[list].length > 50 ? [] : d[list]);
    }
    const heard: HeardParts = {};
    for (const p of parts) hearPart(heard, p.list, p.items);
    expect(joinParts(structuredClone(answer), heard)).toEqual(whole);
    const small = sentInParts(whole, () => expect.unreachable('a diagram within one part is sent whole'), 1e6);
    expect(small).toBe(whole);
  });
});

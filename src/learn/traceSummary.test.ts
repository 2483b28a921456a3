/**
 * A large traced step crosses as summaries, with the full values of what the page opens sent on
 * request; a small one crosses whole. Every array sent moves (a transfer list structuredClone
 * accepts), and what is sent is the trace's own numbers.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Program } from '../core/program';
import {
  FULL_TRACE_BYTES,
  HEAD_VALUES,
  rowOf,
  type SentTrace,
  sendTrace,
  sentTransfer,
  summarise,
  traceValues,
  WHOLE_BUFFER_VALUES,
} from './traceSummary';
import { createTrainHost } from './trainHost';
import type { FromWorker } from './trainProtocol';

const xor = JSON.parse(readFileSync(new URL('../io/examples/xor.json', import.meta.url), 'utf8'));

/** A program of three buffers: a batched [4096×64], a weight [64×64], a small weight [64]. */
function bigTrace(): { program: Program; trace: { buffers: { shape: number[]; data: Float32Array }[] } } {
  const program = {
    nBuffers: 3,
    bufferTypes: [
      { shape: [64], batch: true },
      { shape: [64, 64], batch: false },
      { shape: [64], batch: false },
    ],
  } as unknown as Program;
  const fill = (n: number, k: number) => Float32Array.from({ length: n }, (_, i) => Math.sin(i * k) * (k + 1));
  const trace = {
    buffers: [
      { shape: [4096, 64], data: fill(4096 * 64, 1) },
      { shape: [64, 64], data: fill(64 * 64, 2) },
      { shape: [64], data: fill(64, 3) },
    ],
  };
  return { program, trace };
}

describe('a trace as it crosses to the page', () => {
  it('goes whole when small (mutant: always summarised)', () => {
    const trace = { buffers: [{ shape: [4, 2], data: new Float32Array(8) }, null] };
    const sent = sendTrace(trace, {} as Program, 0);
    expect(sent.summarised).toBe(false);
    expect(sent.buffers).toBe(trace.buffers);
  });

  it('goes as summaries when large: shape, min/max/mean, preview, head, the example’s row', () => {
    const { program, trace } = bigTrace();
    const sent = sendTrace(trace, program, 5);
    expect(sent.summarised).toBe(true);
    const [x, w, small] = sent.buffers;
    if (!x || !('summary' in x) || !w || !('summary' in w)) throw new Error('the large buffers were not summarised');
    const data = trace.buffers[0].data;
    expect(x.shape).toEqual([4096, 64]);
    expect(x.summary.min).toBe(data.reduce((a, b) => Math.min(a, b)));
    expect(x.summary.max).toBe(data.reduce((a, b) => Math.max(a, b)));
    expect(x.summary.mean).toBeCloseTo(data.reduce((a, b) => a + b, 0) / data.length, 6);
    expect(Array.from(x.summary.row ?? [])).toEqual(Array.from(data.subarray(5 * 64, 6 * 64)));
    expect(x.summary.example).toBe(5);
    expect(Array.from(x.summary.head)).toEqual(Array.from(data.subarray(0, HEAD_VALUES)));
    expect(x.summary.preview[1]).toBe(data[Math.floor(data.length / x.summary.preview.length)]);
    expect(w.summary.row).toBeNull();
    // a buffer of at most WHOLE_BUFFER_VALUES numbers goes whole, as a copy
    expect(trace.buffers[2].data.length).toBeLessThanOrEqual(WHOLE_BUFFER_VALUES);
    if (!small || !('data' in small)) throw new Error('the small buffer was summarised');
    expect(small.data).not.toBe(trace.buffers[2].data);
    expect(Array.from(small.data)).toEqual(Array.from(trace.buffers[2].data));
    const bytes = sent.buffers.reduce(
      (n, t) => n + (t && 'summary' in t ? t.summary.preview.byteLength + t.summary.head.byteLength : 0),
      0,
    );
    expect(bytes).toBeLessThan(FULL_TRACE_BYTES / 100);
  });

  it('moves every array sent, and the worker keeps its own (mutant: the kept trace moved)', () => {
    const { program, trace } = bigTrace();
    const sent = sendTrace(trace, program, 0);
    const list = sentTransfer(sent);
    const arrived = structuredClone(sent, { transfer: list }) as SentTrace;
    expect(list.every((b) => b.byteLength === 0)).toBe(true);
    expect(trace.buffers.every((t) => t.data.length > 0)).toBe(true);
    expect(arrived.buffers.length).toBe(3);
  });

  it('sends the full values of opened buffers and the rows of another example', () => {
    const { program, trace } = bigTrace();
    const got = traceValues(trace, program, [1], 7);
    expect(got.open.map((o) => o.buffer)).toEqual([1]);
    expect(Array.from(got.open[0].data)).toEqual(Array.from(trace.buffers[1].data));
    expect(got.rows.map((r) => r.buffer)).toEqual([0]);
    expect(Array.from(got.rows[0].row)).toEqual(Array.from(rowOf(trace.buffers[0], 7)));
    const list = sentTransfer(got);
    structuredClone(got, { transfer: list });
    expect(trace.buffers[1].data.length).toBe(64 * 64);
  });

  it('summarises an empty buffer as zeros', () => {
    expect(summarise({ shape: [0], data: new Float32Array(0) }, false, 0)).toMatchObject({ min: 0, max: 0, mean: 0 });
  });
});

describe('the worker with a large step', () => {
  it('sends a summarised trace with its document, then the values asked for (mutant: a stale step answered)', async () => {
    const got: FromWorker[] = [];
    const host = createTrainHost((m, transfer) => got.push(structuredClone(m, { transfer: transfer ?? [] })));
    const wait = async (ok: (m: FromWorker) => boolean) => {
      for (;;) {
        const m = got.find(ok);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    const dataset = { id: 'xor', options: { noise: 0, n: 8192, seed: 1 } };
    host({
      type: 'start',
      request: { document: xor, dataset, settings: { engine: 'typed', epochs: 100000, batchSize: 8192 }, paused: true },
    });
    await wait((m) => m.type === 'ready');
    host({ type: 'trace', example: 3 });
    host({ type: 'step' });
    const traced = await wait((m) => m.type === 'trace');
    if (traced.type !== 'trace') throw new Error('no trace');
    expect(traced.trace.summarised).toBe(true);
    expect(traced.document.name).toBe(xor.name);
    const b = traced.trace.buffers.findIndex((t) => t !== null && 'summary' in t && t.summary.row !== null);
    const summary = traced.trace.buffers[b];
    if (!summary || !('summary' in summary)) throw new Error('no summarised batched buffer');
    host({ type: 'trace-values', id: 1, step: traced.step, open: [b], example: 9 });
    const reply = await wait((m) => m.type === 'trace-values' && m.id === 1);
    if (reply.type !== 'trace-values' || !('values' in reply)) throw new Error('no values');
    const full = reply.values.open[0].data;
    const n = full.length / summary.shape[0];
    expect(Array.from(full.subarray(3 * n, 4 * n))).toEqual(Array.from(summary.summary.row ?? []));
    expect(full.reduce((a, b) => Math.min(a, b))).toBe(summary.summary.min);
    expect(reply.values.rows.every((r) => r.buffer !== b)).toBe(true);
    host({ type: 'trace-values', id: 2, step: traced.step + 5, open: [b], example: 0 });
    const refused = await wait((m) => m.type === 'trace-values' && m.id === 2);
    expect('message' in refused && refused.message).toMatch(/no longer holds step/);
    host({ type: 'stop' });
    await wait((m) => m.type === 'done');
  });
});

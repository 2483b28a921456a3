/**
 * A traced step as it crosses to the page. A small trace (XOR's: a few kB) goes whole. A large
 * one (an MNIST MLP at batch 128: ~8 MB) goes as a summary of each large buffer — its shape,
 * min, max and mean, an evenly spread preview, its first few numbers, and the row of the example
 * the page follows — and the worker keeps the step, to send the full values of the buffers the
 * page opens (a pinned wire, a box whose rule prints a weight) and the rows of another example.
 * Every array sent is made for the message, so all of them move as transferables.
 */
import type { Program } from '../core/program';
import type { StepTrace } from './runners/types';

/** Above this many bytes a trace goes as summaries. */
export const FULL_TRACE_BYTES = 1 << 20;
/** In a summarised trace, buffers of at most this many numbers still go whole. */
export const WHOLE_BUFFER_VALUES = 1024;
/** How many evenly spread numbers a preview holds, and how many first numbers go with it. */
export const PREVIEW_VALUES = 64;
export const HEAD_VALUES = 16;

export interface BufferSummary {
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  /** Up to PREVIEW_VALUES numbers, evenly spread over the buffer, in order. */
  readonly preview: Float32Array;
  /** The buffer's first HEAD_VALUES numbers. */
  readonly head: Float32Array;
  /** The example `example`'s row of a buffer with a batch axis (null without one). */
  readonly example: number;
  readonly row: Float32Array | null;
}

export type TraceBuffer =
  | { readonly shape: number[]; readonly data: Float32Array }
  | { readonly shape: number[]; readonly summary: BufferSummary };

/** What the page receives: every buffer whole, or (`summarised`) the large ones as summaries. */
export interface SentTrace {
  readonly summarised: boolean;
  readonly buffers: readonly (TraceBuffer | null)[];
}

const count = (shape: readonly number[]) => shape.reduce((a, c) => a * c, 1);

export const traceBytes = (trace: StepTrace): number =>
  trace.buffers.reduce((n, t) => n + (t ? t.data.byteLength : 0), 0);

/** The row of example `e` (clamped to the batch) of a buffer with the batch axis first. */
export function rowOf(t: { shape: readonly number[]; data: Float32Array }, e: number): Float32Array {
  const n = count(t.shape.slice(1));
  const at = Math.min(Math.max(0, e), Math.max(0, (t.shape[0] ?? 1) - 1));
  return t.data.slice(at * n, (at + 1) * n);
}

export function summarise(
  t: { shape: readonly number[]; data: Float32Array },
  batched: boolean,
  example: number,
): BufferSummary {
  const { data } = t;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (v < min) min = v;
    if (v > max) max = v;
    sum += v;
  }
  const take = Math.min(PREVIEW_VALUES, data.length);
  const preview = Float32Array.from({ length: take }, (_, i) => data[Math.floor((i * data.length) / take)]);
  return {
    min: data.length ? min : 0,
    max: data.length ? max : 0,
    mean: data.length ? sum / data.length : 0,
    preview,
    head: data.slice(0, HEAD_VALUES),
    example,
    row: batched ? rowOf(t, example) : null,
  };
}

/** Whether a buffer of a summarised trace goes as a summary. */
export const summarised = (t: { data: Float32Array }): boolean => t.data.length > WHOLE_BUFFER_VALUES;

/**
 * The trace as sent: whole when it is at most FULL_TRACE_BYTES (the caller moves its arrays),
 * else each large buffer summarised at `example` and each small one copied (the worker keeps the
 * originals for later requests).
 */
export function sendTrace(trace: StepTrace, program: Program, example: number): SentTrace {
  if (traceBytes(trace) <= FULL_TRACE_BYTES) return { summarised: false, buffers: trace.buffers };
  return {
    summarised: true,
    buffers: trace.buffers.map((t, b) => {
      if (!t) return null;
      if (!summarised(t)) return { shape: [...t.shape], data: t.data.slice() };
      return { shape: [...t.shape], summary: summarise(t, program.bufferTypes[b]?.batch === true, example) };
    }),
  };
}

/** The full values of buffers `open`, and the rows at `example` of every summarised batched buffer. */
export interface TraceValues {
  readonly example: number;
  readonly open: readonly { readonly buffer: number; readonly shape: number[]; readonly data: Float32Array }[];
  readonly rows: readonly { readonly buffer: number; readonly row: Float32Array }[];
}

export function traceValues(trace: StepTrace, program: Program, open: readonly number[], example: number): TraceValues {
  const full = new Set(open.filter((b) => trace.buffers[b]));
  return {
    example,
    open: [...full].map((b) => {
      const t = trace.buffers[b] as NonNullable<StepTrace['buffers'][number]>;
      return { buffer: b, shape: [...t.shape], data: t.data.slice() };
    }),
    rows: trace.buffers.flatMap((t, b) =>
      t && summarised(t) && program.bufferTypes[b]?.batch && !full.has(b)
        ? [{ buffer: b, row: rowOf(t, example) }]
        : [],
    ),
  };
}

/** The bytes of numbers a sent trace carries. */
export function sentBytes(sent: SentTrace): number {
  let n = 0;
  for (const t of sent.buffers) {
    if (!t) continue;
    if ('data' in t) n += t.data.byteLength;
    else n += t.summary.preview.byteLength + t.summary.head.byteLength + (t.summary.row?.byteLength ?? 0);
  }
  return n;
}

/** Every array a sent trace or its values hold, once each: all made for the message, so all move. */
export function sentTransfer(sent: SentTrace | TraceValues): ArrayBuffer[] {
  const arrays: Float32Array[] = [];
  if ('buffers' in sent) {
    for (const t of sent.buffers) {
      if (!t) continue;
      if ('data' in t) arrays.push(t.data);
      else arrays.push(t.summary.preview, t.summary.head, ...(t.summary.row ? [t.summary.row] : []));
    }
  } else arrays.push(...sent.open.map((o) => o.data), ...sent.rows.map((r) => r.row));
  const moved = new Set<ArrayBuffer>();
  for (const a of arrays) if (a.buffer instanceof ArrayBuffer && a.buffer.byteLength > 0) moved.add(a.buffer);
  return [...moved];
}

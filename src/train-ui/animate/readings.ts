/**
 * What a traced buffer holds at the example the animation follows: a buffer with a batch axis
 * shows that example's row, a weight (no batch axis) all of it. Numbers are the trace's own,
 * never recomputed. A large trace's buffers may be summaries (learn/traceSummary): a reading of
 * one holds only what is exactly known — the example's row, or a weight's first numbers — with
 * the summary beside it, until its full values are opened.
 */
import type { Program } from '../../core/program';
import { printNumber } from '../../learn/explain/notation';
import type { BufferSummary, TraceBuffer, TraceValues } from '../../learn/traceSummary';

export type Buffers = readonly (TraceBuffer | null)[];

export interface Reading {
  readonly buffer: number;
  /** The shape shown: a batched buffer's row shape, or the whole shape. */
  readonly shape: readonly number[];
  /** The numbers known: all of the reading, or (`partial`) its first `values.length`. */
  readonly values: Float32Array;
  /** How many numbers the reading has in full. */
  readonly count: number;
  /** Whether it is one example's row of a batched buffer. */
  readonly perExample: boolean;
  /** Whether `values` holds only the first of its numbers (the rest wait in the worker). */
  readonly partial: boolean;
  /** The whole buffer's summary, when a large trace sent it so. */
  readonly summary?: BufferSummary;
}

const size = (shape: readonly number[]) => shape.reduce((a, c) => a * c, 1);

/** All of a buffer's values, when they have all crossed from the worker. */
export function fullData(t: TraceBuffer | null | undefined): Float32Array | undefined {
  return t && 'data' in t ? t.data : undefined;
}

/** How many examples the traced batch holds (1 when nothing is batched). */
export function batchSize(program: Program, buffers: Buffers): number {
  for (let b = 0; b < buffers.length; b++) {
    const t = buffers[b];
    if (t && program.bufferTypes[b]?.batch) return t.shape[0] ?? 1;
  }
  return 1;
}

export function readBuffer(program: Program, buffers: Buffers, b: number, example: number): Reading | null {
  const t = b >= 0 ? buffers[b] : null;
  if (!t) return null;
  const batched = program.bufferTypes[b].batch;
  const shape = batched ? t.shape.slice(1) : t.shape;
  const count = size(shape);
  const e = Math.min(Math.max(0, example), Math.max(0, (t.shape[0] ?? 1) - 1));
  if ('data' in t) {
    const values = batched ? t.data.subarray(e * count, (e + 1) * count) : t.data;
    return { buffer: b, shape, values, count, perExample: batched, partial: false };
  }
  const { summary } = t;
  if (!batched) return { buffer: b, shape, values: summary.head, count, perExample: false, partial: true, summary };
  // the row came with the summary, or with the rows of the example asked for since
  const row = summary.row && summary.example === e ? summary.row : null;
  return { buffer: b, shape, values: row ?? new Float32Array(0), count, perExample: true, partial: !row, summary };
}

/** The least, mean and greatest of some numbers. */
export function statsOf(values: ArrayLike<number>): Pick<BufferSummary, 'min' | 'mean' | 'max'> {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    min = Math.min(min, values[i]);
    max = Math.max(max, values[i]);
    sum += values[i];
  }
  return values.length ? { min, mean: sum / values.length, max } : { min: 0, mean: 0, max: 0 };
}

/** `min −0.42 · mean 0.01 · max 0.61`: what a summary says of the whole buffer. */
export const summaryText = (s: Pick<BufferSummary, 'min' | 'mean' | 'max'>): string =>
  `min ${printNumber(s.min)} · mean ${printNumber(s.mean)} · max ${printNumber(s.max)}`;

export const shapeText = (shape: readonly number[]): string => (shape.length === 0 ? 'scalar' : `[${shape.join('×')}]`);

/**
 * `0.12`, `[0.12, −0.40]`, or the first few and how many more: `[0.12, −0.40, 0.33, … 13 more]`.
 * `count`: how many numbers there are in all, when `values` holds only the first of them.
 */
export function valuesText(values: ArrayLike<number>, max = 3, count = values.length): string {
  if (count === 1 && values.length === 1) return printNumber(values[0]);
  const shown = Array.from({ length: Math.min(max, values.length) }, (_, i) => printNumber(values[i]));
  const more = count - shown.length;
  return `[${shown.join(', ')}${more > 0 ? `${shown.length ? ', ' : ''}… ${more} more` : ''}]`;
}

/**
 * `0.12`, `[0.12, −0.40]` or `[0.12, −0.40, 0.33 and 13 more]`: a caption says how many it leaves
 * out in words, never cuts itself off with `…` (a wire's chip may: it is not a sentence).
 */
export function valuesList(values: ArrayLike<number>, count = values.length, max = 3): string {
  if (count === 1 && values.length === 1) return printNumber(values[0]);
  const shown = Array.from({ length: Math.min(max, values.length) }, (_, i) => printNumber(values[i]));
  if (shown.length === 0) return `[${count} values]`;
  const more = count - shown.length;
  return `[${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}]`;
}

/**
 * Whether a trace fits a learner's step Program: one entry per buffer, each live buffer shaped
 * as the Program's type says (with the batch axis first where it has one). A trace of another
 * drawing (the document changed since the run started) does not.
 */
export function traceFits(program: Program, buffers: Buffers): boolean {
  if (buffers.length !== program.nBuffers) return false;
  let batch = -1;
  for (let b = 0; b < buffers.length; b++) {
    const t = buffers[b];
    if (!t) continue;
    const type = program.bufferTypes[b];
    const shape = type.batch ? t.shape.slice(1) : t.shape;
    if (shape.length !== type.shape.length || shape.some((d, i) => d !== type.shape[i])) return false;
    if (type.batch) {
      if (batch >= 0 && t.shape[0] !== batch) return false;
      batch = t.shape[0];
    }
  }
  return true;
}

/** The buffers with what a 'trace-values' brought: opened buffers whole, the rows of its example. */
export function withValues(buffers: Buffers, got: TraceValues): Buffers {
  const next = [...buffers];
  for (const o of got.open) next[o.buffer] = { shape: o.shape, data: o.data };
  for (const r of got.rows) {
    const t = next[r.buffer];
    if (t && 'summary' in t)
      next[r.buffer] = { shape: t.shape, summary: { ...t.summary, example: got.example, row: r.row } };
  }
  return next;
}

/** The buffers of `wanted` that are summaries (to open), and whether example `e`'s rows are missing. */
export function missing(program: Program, buffers: Buffers, wanted: readonly number[], e: number) {
  const open = [...new Set(wanted)].filter((b) => {
    const t = b >= 0 ? buffers[b] : null;
    return t != null && 'summary' in t;
  });
  const rows = buffers.some((t, b) => t && 'summary' in t && program.bufferTypes[b].batch && t.summary.example !== e);
  return { open, rows };
}

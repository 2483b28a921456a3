/**
 * What a traced buffer holds at the example the animation follows: a buffer with a batch axis
 * shows that example's row, a weight (no batch axis) all of it. Numbers are the trace's own,
 * never recomputed.
 */
import type { Program } from '../../core/program';
import { printNumber } from '../../learn/explain/notation';
import type { StepTrace } from '../../learn/runners/types';

export type Buffers = StepTrace['buffers'];

export interface Reading {
  readonly buffer: number;
  /** The shape shown: a batched buffer's row shape, or the whole shape. */
  readonly shape: readonly number[];
  readonly values: Float32Array;
  /** Whether it is one example's row of a batched buffer. */
  readonly perExample: boolean;
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
  if (!program.bufferTypes[b].batch) return { buffer: b, shape: t.shape, values: t.data, perExample: false };
  const row = t.shape.slice(1);
  const n = row.reduce((a, c) => a * c, 1);
  const e = Math.min(Math.max(0, example), Math.max(0, (t.shape[0] ?? 1) - 1));
  return { buffer: b, shape: row, values: t.data.subarray(e * n, (e + 1) * n), perExample: true };
}

export const shapeText = (shape: readonly number[]): string => (shape.length === 0 ? 'scalar' : `[${shape.join('×')}]`);

/** `0.12`, `[0.12, −0.40]`, or the first few and how many more: `[0.12, −0.40, 0.33, … 13 more]`. */
export function valuesText(values: ArrayLike<number>, max = 3): string {
  if (values.length === 1) return printNumber(values[0]);
  const shown = Array.from({ length: Math.min(max, values.length) }, (_, i) => printNumber(values[i]));
  const more = values.length - shown.length;
  return `[${shown.join(', ')}${more > 0 ? `, … ${more} more` : ''}]`;
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

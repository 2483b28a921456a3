/**
 * What the hover card of an attention box draws (AttentionMap.tsx): a softmax over the keys of
 * a sequence — its output [batch, …heads, queries, keys] — read as one query × key grid per
 * example and head, with the characters of the example's tokens along both axes when the data
 * is text (docs/attention.md). A causal softmax's entries with key > query are masked: the card
 * leaves them empty rather than painting their zeros.
 */
import type { PlainArray } from '../../model/modelRuntime';

export interface AttentionShape {
  readonly examples: number;
  /** Heads: the product of the axes between the batch and the last two (1 when none). */
  readonly heads: number;
  readonly queries: number;
  readonly keys: number;
}

/** A softmax's output read as attention, or null when it is not a grid per example. */
export function attentionShape(generator: string, out: PlainArray): AttentionShape | null {
  if (generator !== 'softmax' || out.shape.length < 3) return null;
  const [examples, ...rest] = out.shape;
  const queries = rest[rest.length - 2];
  const keys = rest[rest.length - 1];
  const heads = rest.slice(0, -2).reduce((a, b) => a * b, 1);
  return { examples, heads, queries, keys };
}

/** The queries × keys weights of one example and head, row after row. */
export function attentionGrid(out: PlainArray, s: AttentionShape, example: number, head: number): Float32Array {
  const size = s.queries * s.keys;
  const at = (Math.min(example, s.examples - 1) * s.heads + Math.min(head, s.heads - 1)) * size;
  return Float32Array.from(out.data.subarray(at, at + size));
}

/** A token as one character a reader sees on an axis: space and newline drawn, others as they are. */
export function tokenMark(symbol: string): string {
  if (symbol === ' ') return '␣';
  if (symbol === '\n') return '↵';
  return symbol;
}

/**
 * The characters of example `example` of the first batch, one per position, when the rows are
 * token ids of a vocabulary and the sequence is as long as the queries; otherwise positions 0…T−1.
 */
export function axisMarks(
  features: Float32Array,
  width: number,
  example: number,
  positions: number,
  symbols: readonly string[] | undefined,
): string[] {
  const ids = features.subarray(example * width, (example + 1) * width);
  if (!symbols || width !== positions || ids.length !== width)
    return Array.from({ length: positions }, (_, i) => String(i));
  return Array.from(ids, (id) => tokenMark(symbols[id] ?? '?'));
}

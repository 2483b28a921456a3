/**
 * The shape the transformer block's dialog proposes (docs/transformer.md, "The block"), read off
 * where it goes: the sequence [T, C] a selected box takes or puts out, else the sequence the
 * diagram carries most, else the Library's default; the heads the most of at most 8 that leave
 * each head 16 values or more (1 when none do).
 */
import type { CompileResult } from '../../compile/types';
import type { WireType } from '../../core/wire';
import type { BlockShape } from '../../io/examples/transformer';
import { BLOCK_LIMITS, blockShapeProblem, DEFAULT_BLOCK } from './builtInBoxes';

const isSequence = (t: WireType) => t.field === 'real' && t.batch && t.shape.length === 2;

/** Heads for a width: the most of at most 8 that divide it with 16 values a head or more. */
export function proposedHeads(width: number): number {
  for (let h = 8; h > 1; h--) if (width % h === 0 && width / h >= 16) return h;
  return 1;
}

function shapeOf(t: WireType): BlockShape | null {
  const [context, width] = t.shape;
  const s = { context, width, heads: proposedHeads(width) };
  return blockShapeProblem(s) === null && width <= BLOCK_LIMITS.width ? s : null;
}

/** The most frequent of the diagram's sequence types, the first seen among equals. */
function commonest(types: readonly WireType[]): WireType | null {
  const count = new Map<string, { t: WireType; n: number }>();
  for (const t of types) {
    const key = t.shape.join('×');
    const seen = count.get(key) ?? { t, n: 0 };
    count.set(key, { t, n: seen.n + 1 });
  }
  let best: { t: WireType; n: number } | null = null;
  for (const c of count.values()) if (!best || c.n > best.n) best = c;
  return best?.t ?? null;
}

export function proposedBlock(compiled: CompileResult | null, selected: readonly string[]): BlockShape {
  const ports = [...(compiled?.portTypes ?? new Map<string, WireType>())].filter(([, t]) => isSequence(t));
  const near = ports.find(([key]) => selected.some((id) => key.startsWith(`${id}:`)));
  const t = near?.[1] ?? commonest(ports.map(([, t]) => t));
  return (t && shapeOf(t)) ?? DEFAULT_BLOCK;
}

/**
 * Parameter wires drawn by the weights they carry, as TF Playground draws its connections: the
 * wire from a parameter box grows thicker with the mean size of its weights and is blue where
 * they are positive on average, orange where negative.
 */
import type { LensDocument } from '../../io/document';
import type { NamedArray } from '../../io/modelSchema';
import { NEGATIVE, POSITIVE } from '../data/colours';

export interface WireWeight {
  readonly width: number;
  readonly colour: string;
  readonly title: string;
}

/**
 * 1.5 px for weights near 0, up to 7 px for a mean size of 1 or more, in quarter pixels: a wire
 * redrawn is the wire layer repainted, so a width changes only when the eye could see it.
 */
export const widthFor = (meanAbs: number): number => Math.round(4 * (1.5 + 5.5 * Math.tanh(1.5 * meanAbs))) / 4;

export function weightWires(doc: LensDocument, params: readonly NamedArray[]): Map<string, WireWeight> {
  const out = new Map<string, WireWeight>();
  for (const p of params) {
    const box = p.name.slice(0, p.name.lastIndexOf('.'));
    let abs = 0;
    let sum = 0;
    for (const v of p.data) {
      abs += Math.abs(v);
      sum += v;
    }
    const n = Math.max(1, p.data.length);
    const meanAbs = abs / n;
    // Two digits: a title of three changed at nearly every read of a settling run's weights.
    const title = `${p.name}: mean |w| = ${meanAbs.toPrecision(2)}, mean w = ${(sum / n).toPrecision(2)} over ${p.data.length} weights`;
    for (const w of doc.wires) {
      if (w.from.box === box)
        out.set(w.id, { width: widthFor(meanAbs), colour: sum >= 0 ? POSITIVE : NEGATIVE, title });
    }
  }
  return out;
}

/**
 * `next`, with each wire drawn as in `before` kept as `before`'s object (a wire re-renders when
 * its emphasis is a new object), or `before` itself when no wire changed: the weights are read
 * twice a second while a run trains, and most wires of a settling run look the same each time.
 */
export function keepUnchanged<T extends WireWeight>(
  before: ReadonlyMap<string, T>,
  next: ReadonlyMap<string, T>,
): ReadonlyMap<string, T> {
  let same = before.size === next.size;
  const out = new Map<string, T>();
  for (const [id, w] of next) {
    const b = before.get(id);
    if (b && b.width === w.width && b.colour === w.colour && b.title === w.title) out.set(id, b);
    else {
      out.set(id, w);
      same = false;
    }
  }
  return same ? before : out;
}

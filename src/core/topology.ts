/**
 * Order and adjacency of a diagram: which box produces a wire, who reads it, and an order of
 * the boxes in which every box comes after the producers of its inputs. Linear time, on the
 * diagram's columns (packed.ts).
 */
import type { Diagram } from './diagram';
import { DiagramError } from './errors';
import { genName, type PackedDiagram } from './packed';
import { packedOf } from './views';

/** For each wire, the index of the box that produces it, or -1 for boundary inputs. */
export function producers(d: Diagram): Int32Array {
  return producersOf(packedOf(d));
}

function producersOf(p: PackedDiagram): Int32Array {
  const c = p.boxes;
  const prod = new Int32Array(p.nWires).fill(-1);
  for (let i = 0; i < c.count; i++) for (let at = c.outStart[i]; at < c.outStart[i + 1]; at++) prod[c.outs[at]] = i;
  return prod;
}

/** Number of readers of each wire: box inputs and boundary outputs. */
export function readerCounts(d: Diagram): Int32Array {
  const p = packedOf(d);
  const uses = new Int32Array(p.nWires);
  const ins = p.boxes.ins;
  for (let at = 0; at < ins.length; at++) uses[ins[at]]++;
  for (const w of p.outputs) uses[w]++;
  return uses;
}

/** Box indices in topological order; the construction order when it already is one. */
export function topoOrder(d: Diagram): number[] {
  const order = topoIndex(d);
  const n = packedOf(d).boxes.count;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = order === null ? i : order[i];
  return out;
}

/**
 * `topoOrder` for the compiler's own loops: `null` when the construction order already is
 * topological (the common case: nothing is allocated for it), else the order in a typed array.
 */
export function topoIndex(d: Diagram): Int32Array | null {
  return topoIndexOf(packedOf(d));
}

export function topoIndexOf(p: PackedDiagram): Int32Array | null {
  const c = p.boxes;
  const ready = new Uint8Array(p.nWires);
  for (let k = 0; k < p.inputs.length; k++) ready[p.inputs[k]] = 1;
  for (let i = 0; i < c.count; i++) {
    for (let at = c.inStart[i]; at < c.inStart[i + 1]; at++) if (!ready[c.ins[at]]) return kahn(p);
    for (let at = c.outStart[i]; at < c.outStart[i + 1]; at++) ready[c.outs[at]] = 1;
  }
  return null;
}

/** Kahn's algorithm over flat reader lists (one typed array for all wires, none per wire). */
function kahn(p: PackedDiagram): Int32Array {
  const c = p.boxes;
  const prod = producersOf(p);
  const nBoxes = c.count;
  const nWires = p.nWires;
  const waiting = new Int32Array(nBoxes);
  const isInput = new Uint8Array(nWires);
  for (let k = 0; k < p.inputs.length; k++) isInput[p.inputs[k]] = 1;
  // readers of wire w: reader[start[w] … start[w + 1]), in box order then input order
  const start = new Int32Array(nWires + 1);
  for (let i = 0; i < nBoxes; i++) {
    for (let at = c.inStart[i]; at < c.inStart[i + 1]; at++) {
      const w = c.ins[at];
      if (prod[w] >= 0) {
        waiting[i]++;
        start[w + 1]++;
      } else if (!isInput[w]) {
        throw new DiagramError(`wire ${w} read by ${genName(c.gen[i])}#${i} has no producer`);
      }
    }
  }
  for (let w = 0; w < nWires; w++) start[w + 1] += start[w];
  const reader = new Int32Array(start[nWires]);
  const fill = start.slice(0, nWires);
  for (let i = 0; i < nBoxes; i++)
    for (let at = c.inStart[i]; at < c.inStart[i + 1]; at++) {
      const w = c.ins[at];
      if (prod[w] >= 0) reader[fill[w]++] = i;
    }
  const queue = new Int32Array(nBoxes);
  let tail = 0;
  for (let i = 0; i < nBoxes; i++) if (waiting[i] === 0) queue[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const i = queue[head];
    for (let at = c.outStart[i]; at < c.outStart[i + 1]; at++) {
      const w = c.outs[at];
      for (let r = start[w]; r < start[w + 1]; r++) if (--waiting[reader[r]] === 0) queue[tail++] = reader[r];
    }
  }
  if (tail !== nBoxes) throw new DiagramError('the diagram has a cycle');
  return queue;
}

/**
 * `topoIndexOf` of a diagram that is inlined again and again (the cached reverse rules):
 * computed once per diagram object, which is immutable by convention.
 */
const orders = new WeakMap<PackedDiagram, Int32Array | null>();
export function cachedTopoIndexOf(p: PackedDiagram): Int32Array | null {
  let order = orders.get(p);
  if (order === undefined) {
    order = topoIndexOf(p);
    orders.set(p, order);
  }
  return order;
}

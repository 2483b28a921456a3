/**
 * Order and adjacency of a diagram: which box produces a wire, who reads it, and an order of
 * the boxes in which every box comes after the producers of its inputs. Linear time.
 */
import type { Diagram } from './diagram';
import { DiagramError } from './errors';

/** For each wire, the index of the box that produces it, or -1 for boundary inputs. */
export function producers(d: Diagram): Int32Array {
  const prod = new Int32Array(d.wires.length).fill(-1);
  for (let i = 0; i < d.boxes.length; i++) {
    const outs = d.boxes[i].outputs;
    for (let k = 0; k < outs.length; k++) prod[outs[k]] = i;
  }
  return prod;
}

/** Number of readers of each wire: box inputs and boundary outputs. */
export function readerCounts(d: Diagram): Int32Array {
  const uses = new Int32Array(d.wires.length);
  for (const b of d.boxes) for (const w of b.inputs) uses[w]++;
  for (const w of d.outputs) uses[w]++;
  return uses;
}

/** Box indices in topological order; the construction order when it already is one. */
export function topoOrder(d: Diagram): number[] {
  const order = topoIndex(d);
  const n = d.boxes.length;
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = order === null ? i : order[i];
  return out;
}

/**
 * `topoOrder` for the compiler's own loops: `null` when the construction order already is
 * topological (the common case: nothing is allocated for it), else the order in a typed array.
 */
export function topoIndex(d: Diagram): Int32Array | null {
  const ready = new Uint8Array(d.wires.length);
  for (let k = 0; k < d.inputs.length; k++) ready[d.inputs[k]] = 1;
  const n = d.boxes.length;
  for (let i = 0; i < n; i++) {
    const b = d.boxes[i];
    for (let k = 0; k < b.inputs.length; k++) if (!ready[b.inputs[k]]) return kahn(d);
    for (let k = 0; k < b.outputs.length; k++) ready[b.outputs[k]] = 1;
  }
  return null;
}

/** Kahn's algorithm over flat reader lists (one typed array for all wires, none per wire). */
function kahn(d: Diagram): Int32Array {
  const prod = producers(d);
  const nBoxes = d.boxes.length;
  const nWires = d.wires.length;
  const waiting = new Int32Array(nBoxes);
  const isInput = new Uint8Array(nWires);
  for (let k = 0; k < d.inputs.length; k++) isInput[d.inputs[k]] = 1;
  // readers of wire w: reader[start[w] … start[w + 1]), in box order then input order
  const start = new Int32Array(nWires + 1);
  for (let i = 0; i < nBoxes; i++) {
    const b = d.boxes[i];
    for (let k = 0; k < b.inputs.length; k++) {
      const w = b.inputs[k];
      if (prod[w] >= 0) {
        waiting[i]++;
        start[w + 1]++;
      } else if (!isInput[w]) {
        throw new DiagramError(`wire ${w} read by ${b.gen}#${i} has no producer`);
      }
    }
  }
  for (let w = 0; w < nWires; w++) start[w + 1] += start[w];
  const reader = new Int32Array(start[nWires]);
  const fill = start.slice(0, nWires);
  for (let i = 0; i < nBoxes; i++) {
    const ins = d.boxes[i].inputs;
    for (let k = 0; k < ins.length; k++) if (prod[ins[k]] >= 0) reader[fill[ins[k]]++] = i;
  }
  const queue = new Int32Array(nBoxes);
  let tail = 0;
  for (let i = 0; i < nBoxes; i++) if (waiting[i] === 0) queue[tail++] = i;
  for (let head = 0; head < tail; head++) {
    const outs = d.boxes[queue[head]].outputs;
    for (let k = 0; k < outs.length; k++) {
      const w = outs[k];
      for (let at = start[w]; at < start[w + 1]; at++) if (--waiting[reader[at]] === 0) queue[tail++] = reader[at];
    }
  }
  if (tail !== nBoxes) throw new DiagramError('the diagram has a cycle');
  return queue;
}

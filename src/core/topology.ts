/**
 * Order and adjacency of a diagram: which box produces a wire, who reads it, and an order of
 * the boxes in which every box comes after the producers of its inputs. Linear time.
 */
import type { Diagram } from './diagram';
import { DiagramError } from './errors';

/** For each wire, the index of the box that produces it, or -1 for boundary inputs. */
export function producers(d: Diagram): Int32Array {
  const prod = new Int32Array(d.wires.length).fill(-1);
  d.boxes.forEach((b, i) => {
    for (const w of b.outputs) prod[w] = i;
  });
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
  const ready = new Uint8Array(d.wires.length);
  for (const w of d.inputs) ready[w] = 1;
  const n = d.boxes.length;
  for (let i = 0; i < n; i++) {
    const b = d.boxes[i];
    for (let k = 0; k < b.inputs.length; k++) if (!ready[b.inputs[k]]) return kahn(d);
    for (let k = 0; k < b.outputs.length; k++) ready[b.outputs[k]] = 1;
  }
  const order = new Array<number>(n);
  for (let i = 0; i < n; i++) order[i] = i;
  return order;
}

function kahn(d: Diagram): number[] {
  const prod = producers(d);
  const waiting = new Int32Array(d.boxes.length);
  const readers: number[][] = d.wires.map(() => []);
  const isInput = new Uint8Array(d.wires.length);
  for (const w of d.inputs) isInput[w] = 1;
  d.boxes.forEach((b, i) => {
    for (const w of b.inputs) {
      if (prod[w] >= 0) {
        waiting[i]++;
        readers[w].push(i);
      } else if (!isInput[w]) {
        throw new DiagramError(`wire ${w} read by ${b.gen}#${i} has no producer`);
      }
    }
  });
  const queue: number[] = [];
  waiting.forEach((n, i) => {
    if (n === 0) queue.push(i);
  });
  for (let head = 0; head < queue.length; head++) {
    for (const w of d.boxes[queue[head]].outputs) {
      for (const r of readers[w]) if (--waiting[r] === 0) queue.push(r);
    }
  }
  if (queue.length !== d.boxes.length) throw new DiagramError('the diagram has a cycle');
  return queue;
}

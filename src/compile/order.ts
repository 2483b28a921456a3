/**
 * A deterministic topological order of the document's boxes (Kahn's algorithm, ready boxes
 * taken in id order), and the boxes that lie on a cycle when there is one. A string diagram
 * of lenses is acyclic; a cycle is reported once per box on it, naming all of them.
 */
import { byId, type ErrorList } from './errors';
import type { Graph } from './graph';

export function successors(g: Graph): Map<string, string[]> {
  const next = new Map<string, string[]>(g.ids.map((id) => [id, []]));
  for (const feed of g.feeds.values()) next.get(feed.from.box)?.push(feed.to.box);
  return next;
}

/** Boxes in an order where every box comes after the boxes feeding it; boxes on or after a cycle are left out. */
export function topoOrder(g: Graph, errors: ErrorList): string[] {
  const next = successors(g);
  const waiting = new Map<string, number>(g.ids.map((id) => [id, 0]));
  for (const outs of next.values()) for (const to of outs) waiting.set(to, (waiting.get(to) ?? 0) + 1);
  const ready = g.ids.filter((id) => waiting.get(id) === 0);
  const order: string[] = [];
  while (ready.length > 0) {
    const id = ready.shift() as string;
    order.push(id);
    const fresh = (next.get(id) ?? []).filter((to) => {
      const n = (waiting.get(to) ?? 0) - 1;
      waiting.set(to, n);
      return n === 0;
    });
    if (fresh.length > 0) {
      ready.push(...fresh);
      ready.sort(byId);
    }
  }
  if (order.length < g.ids.length) reportCycles(g, next, new Set(order), errors);
  return order;
}

/** Peels off the stuck boxes that only lead out of a cycle; what remains lies on cycles. */
function reportCycles(g: Graph, next: Map<string, string[]>, done: Set<string>, errors: ErrorList): void {
  const stuck = new Set(g.ids.filter((id) => !done.has(id)));
  let changed = true;
  while (changed) {
    changed = false;
    for (const id of stuck) {
      if ((next.get(id) ?? []).some((to) => stuck.has(to))) continue;
      stuck.delete(id);
      changed = true;
    }
  }
  const names = [...stuck].sort(byId);
  for (const id of names) errors.add('cycle', `the wires form a cycle through ${names.join(', ')}`, { box: id });
}

/**
 * Many new nodes handed to React Flow a slice at a time (docs/architecture.md, "Opening a big
 * file"). React Flow mounts every node it has not yet measured, in view or not, so as to measure
 * it: the 150 Para boxes of a big ONNX model opened were all mounted, measured and unmounted
 * again in one task of seconds. Handed a slice per task, it does the same work in short tasks,
 * the slice first in the document's order (where its opening view is) drawn at once. A diagram
 * whose new nodes are fewer than `SLICED_FROM` (every gallery example, any edit) is handed
 * whole, the same arrays as before.
 */
import type { DiagramEdge, DiagramNode } from './flowProjection';

/** From this many nodes new to React Flow at once, they are handed over a slice at a time. */
export const SLICED_FROM = 100;
/** Nodes per slice: a Para box of a big model costs React Flow ~5–10 ms to mount and measure here. */
export const SLICE_NODES = 12;

export interface FlowSlice {
  readonly nodes: DiagramNode[];
  readonly edges: DiagramEdge[];
  /** The new nodes not handed over yet: another slice is due while this is above 0. */
  readonly pending: number;
}

/**
 * What React Flow is handed of `nodes` and `edges`: the nodes it was `given` before and, of the
 * new ones, all when they are fewer than `from` and no slicing is under way (`slicing`), else the
 * first `size` of them; the edges between nodes handed over.
 */
export function sliceFlow(
  nodes: DiagramNode[],
  edges: DiagramEdge[],
  given: ReadonlySet<string>,
  slicing: boolean,
  from = SLICED_FROM,
  size = SLICE_NODES,
): FlowSlice {
  let fresh = 0;
  for (const n of nodes) if (!given.has(n.id)) fresh++;
  if (fresh <= (slicing ? size : Math.max(size, from - 1))) return { nodes, edges, pending: 0 };
  let taken = 0;
  const handed = nodes.filter((n) => given.has(n.id) || taken++ < size);
  const ids = new Set(handed.map((n) => n.id));
  return {
    nodes: handed,
    edges: edges.filter((e) => ids.has(e.source) && ids.has(e.target)),
    pending: fresh - size,
  };
}

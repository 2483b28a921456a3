/**
 * The document seen through React Flow: one node per box or group in the current scope, one
 * edge per wire between them. A node carries what React Flow needs — its place, its kind, its
 * generator id — and is reused while those, its selection and its measured size are unchanged;
 * a box's config and label are read from the store by the node itself (canvas/nodes/useBox.ts),
 * so a config edit re-renders that box and hands React Flow the same nodes (edge objects are
 * reused while their wire and selection are), and a 300-box diagram re-renders only what an
 * edit touched.
 */
import type { Edge, Node } from '@xyflow/react';
import type { BoxDoc, GroupDoc, LensDocument, WireDoc } from '../../io/document';
import { describeGenerator } from '../model/boxInfo';
import type { Scope } from '../model/documentOps';

export interface BoxNodeData extends Record<string, unknown> {
  /** The generator's id, or `group:<template or id>` for a Para box. */
  readonly generator: string;
}
export type DiagramNode = Node<BoxNodeData>;
export type DiagramEdge = Edge;

type Size = { width: number; height: number };

export function nodeType(generator: string): string {
  if (generator.startsWith('group:')) return 'group';
  const d = describeGenerator(generator);
  if (d.kind === 'learner') return 'learner';
  return d.draw.shape === 'dot' || d.draw.shape === 'spider' ? 'spider' : 'box';
}

interface Cached {
  generator: string;
  position: BoxDoc['position'];
  selected: boolean;
  size: Size | undefined;
  node: DiagramNode;
}

const same = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);

export function createProjection() {
  let last: { nodes: DiagramNode[]; edges: DiagramEdge[] } = { nodes: [], edges: [] };
  const cache = new Map<string, Cached>();
  const wireCache = new Map<string, { wire: WireDoc; selected: boolean; edge: DiagramEdge }>();
  const edgeOf = (w: WireDoc, selected: boolean): DiagramEdge => {
    const hit = wireCache.get(w.id);
    if (hit && hit.wire === w && hit.selected === selected) return hit.edge;
    const edge: DiagramEdge = {
      id: w.id,
      type: 'typed',
      source: w.from.box,
      sourceHandle: w.from.port,
      target: w.to.box,
      targetHandle: w.to.port,
      selected,
    };
    wireCache.set(w.id, { wire: w, selected, edge });
    return edge;
  };
  const nodeOf = (source: BoxDoc | GroupDoc, selected: boolean, size: Size | undefined): DiagramNode => {
    const isGroup = !('generator' in source);
    const generator = isGroup ? `group:${source.template ?? source.id}` : source.generator;
    const { position } = source;
    const hit = cache.get(source.id);
    if (
      hit &&
      hit.generator === generator &&
      hit.position === position &&
      hit.selected === selected &&
      hit.size === size
    )
      return hit.node;
    const node: DiagramNode = {
      id: source.id,
      type: isGroup ? 'group' : nodeType(generator),
      position,
      data: { generator },
      selected,
      ...(size ? { measured: size } : {}),
    };
    cache.set(source.id, { generator, position, selected, size, node });
    return node;
  };
  return (
    doc: LensDocument,
    scope: Scope,
    selectedNodes: readonly string[],
    selectedWires: readonly string[],
    measured: Readonly<Record<string, Size>>,
  ) => {
    const sel = new Set(selectedNodes);
    const nodes: DiagramNode[] = [];
    for (const g of doc.groups) if (g.parent === scope) nodes.push(nodeOf(g, sel.has(g.id), measured[g.id]));
    for (const b of doc.boxes) if (b.parent === scope) nodes.push(nodeOf(b, sel.has(b.id), measured[b.id]));
    const visible = new Set(nodes.map((n) => n.id));
    const wireSel = new Set(selectedWires);
    const edges = doc.wires
      .filter((w) => visible.has(w.from.box) && visible.has(w.to.box))
      .map((w) => edgeOf(w, wireSel.has(w.id)));
    // React Flow re-indexes every node (edge) when handed a new array: hand back the last one
    // when nothing in it changed.
    last = { nodes: same(last.nodes, nodes) ? last.nodes : nodes, edges: same(last.edges, edges) ? last.edges : edges };
    return last;
  };
}

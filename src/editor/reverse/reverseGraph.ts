/**
 * R[f] as a graph to draw, as it runs: the core's rdiff of the compiled model, lowered, one node
 * per box that computes something (tagged with the document box it came from and its pass) and
 * per boundary wire, named as the diagram names it (`W1.W`, `x`, `d ŷ`; see boundaryNames), laid
 * out by elkjs. rdiff copies every forward box and lets a reverse rule recompute f(x); lowering
 * drops the copies nothing reads (dead code) and merges each recomputation into the forward box
 * that already made the value (a residual). The graph shows the boxes lowering keeps, and wires
 * by the value they carry, so a backward box reads its residual straight from the forward pass;
 * `dropped` and `shared` count what was left out.
 */

import type { CompiledModel } from '../../compile/types';
import { lower } from '../../core/program';
import { rdiff } from '../../core/rdiff';
import { boxLabel } from '../../core/term';
import type { WireType } from '../../core/wire';
import type { LensDocument } from '../../io/document';
import { boundaryNames } from './boundaryNames';
import { boxName } from './displayNames';

export interface RNode {
  readonly id: string;
  readonly label: string;
  readonly pass: 'forward' | 'backward' | 'boundary';
  readonly source?: string;
  /** The drawn box it comes from, as the drawing names it. */
  readonly of?: string;
  x: number;
  y: number;
}
export interface REdge {
  readonly id: string;
  readonly source: string;
  readonly target: string;
  /** The wire's type, labelled in the notation chosen (docs/notation.md). */
  readonly type: WireType;
}
export interface RGraph {
  nodes: RNode[];
  edges: REdge[];
  term: string;
  /** Boxes of rdiff's diagram that compute nothing R[f] reads (forward copies whose value no rule needs). */
  dropped: number;
  /** Boxes of rdiff's diagram that recompute a value the forward pass already made (read from it instead). */
  shared: number;
}

export function reverseGraph(compiled: CompiledModel, doc: LensDocument | null = null): RGraph {
  const model = compiled.diagram;
  const r = rdiff(model);
  const program = lower(r);
  const bufferOf = program.wireBuffer;
  const names = boundaryNames(compiled, doc);
  const nodes: RNode[] = [];
  // the node that makes each buffer: a boundary input or the first box lowering kept for it
  const producer = new Map<number, string>();
  r.inputs.forEach((w, k) => {
    const id = `in${k}`;
    nodes.push({
      id,
      label: names.inputs[k] ?? (k < model.inputs.length ? `x${k}` : `d${k - model.inputs.length}`),
      pass: 'boundary',
      x: 0,
      y: 0,
    });
    producer.set(bufferOf[w], id);
  });
  let dropped = 0;
  let shared = 0;
  const kept: number[] = [];
  r.boxes.forEach((b, i) => {
    const buffers = b.outputs.map((w) => bufferOf[w]);
    if (buffers.every((k) => k < 0)) {
      dropped++;
      return;
    }
    if (buffers.every((k) => producer.has(k))) {
      shared++;
      return;
    }
    const id = `r${i}`;
    const of = b.source === undefined ? {} : { of: boxName(doc, b.source) };
    nodes.push({ id, label: boxLabel(b, r), pass: b.pass ?? 'backward', source: b.source, ...of, x: 0, y: 0 });
    for (const k of buffers) if (!producer.has(k)) producer.set(k, id);
    kept.push(i);
  });
  const edges: REdge[] = [];
  const link = (w: number, target: string) => {
    const source = producer.get(bufferOf[w]);
    if (source) edges.push({ id: `e${edges.length}`, source, target, type: r.wires[w] });
  };
  for (const i of kept) for (const w of r.boxes[i].inputs) link(w, `r${i}`);
  r.outputs.forEach((w, k) => {
    nodes.push({ id: `out${k}`, label: names.outputs[k] ?? `dx${k}`, pass: 'boundary', x: 0, y: 0 });
    link(w, `out${k}`);
  });
  return { nodes, edges, term: r.term ?? 'R[f]', dropped, shared };
}

export async function layoutReverse(g: { nodes: RNode[]; edges: REdge[] }): Promise<void> {
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const out = await new ELK().layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.spacing.nodeNode': '24',
      'elk.layered.spacing.nodeNodeBetweenLayers': '50',
    },
    // 14 px text, and 12 px for the box it comes from (editor.css .rbox)
    children: g.nodes.map((n) => ({
      id: n.id,
      width: Math.max(60, Math.max(n.label.length * 8.5, (n.of?.length ?? 0) * 7.5) + 24),
      height: n.of ? 50 : 34,
    })),
    edges: g.edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  });
  const at = new Map((out.children ?? []).map((c) => [c.id, c]));
  for (const n of g.nodes) {
    n.x = at.get(n.id)?.x ?? 0;
    n.y = at.get(n.id)?.y ?? 0;
  }
}

/**
 * The model as a core Diagram, once inference found no error. Boundary inputs: the learnt
 * parameters (by owning box id, then port), then the data inputs (by box id); outputs: the
 * wires the output boxes and the loss read. Fan-out becomes an explicit copy and an unread
 * output an explicit discard, as docs/architecture.md says, so the backward pass adds the
 * changes where a wire splits (R[Δ] = +). Every box keeps the document box it came from.
 */
import { DiagramBuilder } from '../core/builder';
import type { Diagram } from '../core/diagram';
import type { PortRef } from '../io/document';
import { byId, portKey } from './errors';
import { outputReader, WireLog } from './sources';
import type { InferState } from './state';
import type { CompiledInput, CompiledOutput, CompiledParam } from './types';

export interface ModelParts {
  readonly diagram: Diagram;
  readonly params: CompiledParam[];
  readonly inputs: CompiledInput[];
  /** Where each wire of the diagram comes from and goes in the drawing (sources.ts). */
  readonly log: WireLog;
}

/** One key per value: a tied or shared parameter is one value however many boxes show it. */
const valueKey = (s: InferState, ref: PortRef): string => {
  const name = s.graph.nodes.get(ref.box)?.role === 'parameter' ? s.paramOf.get(portKey(ref.box, ref.port)) : undefined;
  return name === undefined ? portKey(ref.box, ref.port) : `param:${name}`;
};

function countUses(s: InferState, order: readonly string[], outputs: readonly CompiledOutput[]): Map<string, number> {
  const uses = new Map<string, number>();
  const use = (key: string) => uses.set(key, (uses.get(key) ?? 0) + 1);
  for (const id of order) {
    const node = s.graph.nodes.get(id);
    if (node?.role !== 'core' || !node.ports) continue;
    for (const p of node.ports.inputs) {
      const feed = s.graph.feeds.get(portKey(id, p.name));
      use(feed ? valueKey(s, feed.from) : `param:${s.paramOf.get(portKey(id, p.name))}`);
    }
  }
  for (const o of outputs) use(valueKey(s, o));
  return uses;
}

export function buildModel(s: InferState, order: readonly string[], outputs: readonly CompiledOutput[]): ModelParts {
  const uses = countUses(s, order, outputs);
  const b = new DiagramBuilder();
  const handout = new Map<string, number[]>();
  const log = new WireLog();
  const arrive = (key: string, wire: number, source: string, from: PortRef, param?: string) => {
    const n = uses.get(key) ?? 0;
    log.made(wire, from, param);
    if (n !== 1) log.inserted.push(b.boxCount);
    if (n === 0) b.box('discard', [wire], {}, { source });
    else if (n === 1) handout.set(key, [wire]);
    else {
      const copies = b.box('copy', [wire], { n }, { source });
      for (const c of copies) log.made(c, from, param);
      handout.set(key, copies);
    }
  };
  const take = (key: string, to: PortRef | undefined): number => {
    const wire = handout.get(key)?.shift();
    if (wire === undefined) throw new Error(`compiler: value ${key} is read before it is made`);
    log.read(wire, to);
    return wire;
  };

  const params = [...s.params.values()].sort((p, q) => byId(p.source, q.source) || byId(p.port, q.port));
  for (const p of params) arrive(`param:${p.name}`, b.input(p.type), p.source, { box: p.source, port: p.port }, p.name);
  const inputs: CompiledInput[] = [];
  for (const role of ['input', 'label'] as const) {
    const port = role === 'input' ? 'x' : 'y';
    for (const id of s.graph.ids) {
      const type = s.typeOf(id, port);
      if (s.graph.nodes.get(id)?.role !== role || !type) continue;
      if (role === 'label' && !uses.get(portKey(id, port))) continue; // labels that only reach the loss are not model inputs
      arrive(portKey(id, port), b.input(type), id, { box: id, port });
      inputs.push({ box: id, role: role === 'input' ? 'features' : 'labels', type });
    }
  }
  for (const id of order) {
    const node = s.graph.nodes.get(id);
    if (node?.role !== 'core' || !node.gen || !node.ports) continue;
    const ins = node.ports.inputs.map((p) => {
      const feed = s.graph.feeds.get(portKey(id, p.name));
      const key = feed ? valueKey(s, feed.from) : `param:${s.paramOf.get(portKey(id, p.name))}`;
      return take(key, { box: id, port: p.name });
    });
    const outs = b.box(node.gen.id, ins, s.configs.get(id) ?? node.config, { source: id });
    for (const [i, p] of node.ports.outputs.entries())
      arrive(portKey(id, p.name), outs[i], id, { box: id, port: p.name });
  }
  b.outputs(outputs.map((o) => take(valueKey(s, o), outputReader(s.graph, o))));
  const strip = ({ name, type, init, source }: CompiledParam): CompiledParam => ({ name, type, init, source });
  return { diagram: b.build(), params: params.map(strip), inputs, log };
}

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
import type { InferState } from './state';
import type { CompiledInput, CompiledOutput, CompiledParam } from './types';

export interface ModelParts {
  readonly diagram: Diagram;
  readonly params: CompiledParam[];
  readonly inputs: CompiledInput[];
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
  const arrive = (key: string, wire: number, source: string) => {
    const n = uses.get(key) ?? 0;
    if (n === 0) b.box('discard', [wire], {}, { source });
    else handout.set(key, n === 1 ? [wire] : b.box('copy', [wire], { n }, { source }));
  };
  const take = (key: string): number => {
    const wire = handout.get(key)?.shift();
    if (wire === undefined) throw new Error(`compiler: value ${key} is read before it is made`);
    return wire;
  };

  const params = [...s.params.values()].sort((p, q) => byId(p.source, q.source) || byId(p.port, q.port));
  for (const p of params) arrive(`param:${p.name}`, b.input(p.type), p.source);
  const inputs: CompiledInput[] = [];
  for (const role of ['input', 'label'] as const) {
    const port = role === 'input' ? 'x' : 'y';
    for (const id of s.graph.ids) {
      const type = s.typeOf(id, port);
      if (s.graph.nodes.get(id)?.role !== role || !type) continue;
      if (role === 'label' && !uses.get(portKey(id, port))) continue; // labels that only reach the loss are not model inputs
      arrive(portKey(id, port), b.input(type), id);
      inputs.push({ box: id, role: role === 'input' ? 'features' : 'labels', type });
    }
  }
  for (const id of order) {
    const node = s.graph.nodes.get(id);
    if (node?.role !== 'core' || !node.gen || !node.ports) continue;
    const ins = node.ports.inputs.map((p) => {
      const feed = s.graph.feeds.get(portKey(id, p.name));
      return take(feed ? valueKey(s, feed.from) : `param:${s.paramOf.get(portKey(id, p.name))}`);
    });
    const outs = b.box(node.gen.id, ins, s.configs.get(id) ?? node.config, { source: id });
    for (const [i, p] of node.ports.outputs.entries()) arrive(portKey(id, p.name), outs[i], id);
  }
  b.outputs(outputs.map((o) => take(valueKey(s, o))));
  const strip = ({ name, type, init, source }: CompiledParam): CompiledParam => ({ name, type, init, source });
  return { diagram: b.build(), params: params.map(strip), inputs };
}

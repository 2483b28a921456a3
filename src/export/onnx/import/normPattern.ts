/**
 * LayerNorm as PyTorch 1.13 writes it before opset 17, which has no LayerNormalization
 * (docs/export.md, "Import back"):
 *   m = ReduceMean(x);  d = Sub(x, m);  n = Div(d, Sqrt(Add(ReduceMean(Pow(d, 2)), eps)))
 *   then Mul(n, γ) and Add(·, β) with γ, β constant vectors (the affine part, when there is one)
 * each ReduceMean along the last axis keeping it. A match becomes one LayerNormalization node
 * with γ and β as its scale and bias, so the import draws one layerNorm box as it does at opset 17.
 */
import type { OnnxNode } from '../model';
import { type Graph, near } from './patternGraph';

/** A ReduceMean of `x` along the last axis only, keeping it (the axes an attribute, or an input from opset 18). */
function meanOfLast(g: Graph, name: string, x: string): OnnxNode | undefined {
  const n = g.only(name, 'ReduceMean');
  if (!n || n.inputs[0] !== x) return undefined;
  const attr = n.attributes.find((a) => a.name === 'axes');
  const axes =
    attr?.kind === 'ints' ? attr.value : n.inputs[1] ? Array.from(g.constant(n.inputs[1])?.values ?? []) : [];
  const keep = n.attributes.find((a) => a.name === 'keepdims');
  if (keep?.kind === 'int' && keep.value !== 1) return undefined;
  return axes.length === 1 && Number(axes[0]) === -1 ? n : undefined;
}

/** The node reading `name` alone if it is `op` with a constant vector as its other operand: [node, constant]. */
function affine(g: Graph, nodes: readonly OnnxNode[], name: string, op: string): [OnnxNode, string] | undefined {
  if (g.readers.get(name) !== 1) return undefined;
  const n = nodes.find((k) => k.opType === op && k.inputs.includes(name));
  const other = n?.inputs.find((k) => k !== name);
  return n && other && g.constant(other)?.dims.length === 1 ? [n, other] : undefined;
}

/** The LayerNorm whose Div is `div`, if it is one: the nodes it replaces (the last one last) and the node standing for them. */
export function layerNormAt(
  g: Graph,
  nodes: readonly OnnxNode[],
  div: OnnxNode,
): { inner: OnnxNode[]; node: OnnxNode } | undefined {
  if (div.opType !== 'Div') return undefined;
  const [d, s] = div.inputs;
  const sqrt = g.only(s, 'Sqrt');
  const add = sqrt && g.only(sqrt.inputs[0], 'Add');
  if (!add) return undefined;
  const epsAt = add.inputs.findIndex((k) => g.scalar(k) !== undefined);
  const eps = g.scalar(add.inputs[epsAt]);
  const varianceOut = add.inputs[1 - epsAt] ?? '';
  const square = g.only(g.producer.get(varianceOut)?.inputs[0] ?? '', 'Pow');
  if (eps === undefined || !square || square.inputs[0] !== d || !near(g.scalar(square.inputs[1]), 2)) return undefined;
  const variance = meanOfLast(g, varianceOut, square.outputs[0]);
  const sub = g.producer.get(d);
  if (!variance || sub?.opType !== 'Sub' || g.readers.get(d) !== 2) return undefined;
  const [x, m] = sub.inputs;
  const mean = meanOfLast(g, m, x);
  if (!mean) return undefined;
  const inner = [mean, sub, square, variance, add, sqrt, div];
  const scale = affine(g, nodes, div.outputs[0], 'Mul');
  if (scale) inner.push(scale[0]);
  const bias = affine(g, nodes, inner[inner.length - 1].outputs[0], 'Add');
  if (bias) inner.push(bias[0]);
  const last = inner[inner.length - 1];
  const layer = div.name.includes('/') ? div.name.slice(0, div.name.lastIndexOf('/')) : div.name;
  return {
    inner,
    node: {
      name: `${layer}/LayerNormalization`,
      opType: 'LayerNormalization',
      inputs: [x, scale?.[1] ?? '', bias?.[1] ?? ''],
      outputs: [...last.outputs],
      attributes: [
        { name: 'axis', kind: 'int', value: -1 },
        { name: 'epsilon', kind: 'float', value: eps },
      ],
    },
  };
}

/**
 * Subgraphs an exporter writes for one layer, read back as that layer (docs/export.md, "Import
 * back"). Before opset 20 ONNX has no Gelu, so PyTorch writes GELU as arithmetic:
 *   exact: Mul(Mul(x, Add(Erf(Div(x, √2)), 1)), 0.5)
 *   tanh:  Mul(0.5, Mul(x, Add(1, Tanh(Mul(√(2/π), Add(x, Mul(0.044715, Mul(x, Mul(x, x)))))))))
 * (each Mul and Add in either operand order). Each match becomes one node `Gelu` with the
 * attribute `approximate`, named after the layer, when none of its inner values is read elsewhere.
 */
import type { OnnxNode, OnnxTensor } from '../model';
import { layerNormAt } from './normPattern';
import { type Constant, Graph, near, withConstant } from './patternGraph';

interface Match {
  readonly x: string;
  readonly approximate: 'none' | 'tanh';
  readonly inner: readonly OnnxNode[];
}

function exactInner(g: Graph, x: string, plusOne: string): OnnxNode[] | undefined {
  const add = g.only(plusOne, 'Add');
  const erfOut = withConstant(g, add, 1);
  const erf = erfOut ? g.only(erfOut, 'Erf') : undefined;
  const div = erf ? g.only(erf.inputs[0], 'Div') : undefined;
  if (div && div.inputs[0] === x && near(g.scalar(div.inputs[1]), Math.SQRT2) && add && erf) return [add, erf, div];
  const mul = erf ? g.only(erf.inputs[0], 'Mul') : undefined;
  if (mul && add && erf && withConstant(g, mul, Math.SQRT1_2) === x) return [add, erf, mul];
  return undefined;
}

function tanhInner(g: Graph, x: string, plusOne: string): OnnxNode[] | undefined {
  const add = g.only(plusOne, 'Add');
  const tOut = withConstant(g, add, 1);
  const tanh = tOut ? g.only(tOut, 'Tanh') : undefined;
  const scaled = tanh ? g.only(tanh.inputs[0], 'Mul') : undefined;
  const uOut = withConstant(g, scaled, Math.sqrt(2 / Math.PI));
  const u = uOut ? g.only(uOut, 'Add') : undefined;
  if (!u || !add || !tanh || !scaled) return undefined;
  const cubicOut = u.inputs[0] === x ? u.inputs[1] : u.inputs[1] === x ? u.inputs[0] : undefined;
  const cubic = cubicOut ? g.only(cubicOut, 'Mul') : undefined;
  const cubeOut = withConstant(g, cubic, 0.044715);
  const cube = cubeOut ? g.only(cubeOut, 'Mul') : undefined;
  if (!cube || !cubic) return undefined;
  const sqOut = cube.inputs[0] === x ? cube.inputs[1] : cube.inputs[1] === x ? cube.inputs[0] : undefined;
  const sq = sqOut ? g.only(sqOut, 'Mul') : undefined;
  if (!sq || sq.inputs[0] !== x || sq.inputs[1] !== x) return undefined;
  return [add, tanh, scaled, u, cubic, cube, sq];
}

/** The GELU ending at `last` (the Mul by ½), if it is one. */
function geluAt(g: Graph, last: OnnxNode): Match | undefined {
  if (last.opType !== 'Mul') return undefined;
  const productOut = withConstant(g, last, 0.5);
  const product = productOut ? g.only(productOut, 'Mul') : undefined;
  if (!product) return undefined;
  const [a, b] = product.inputs;
  for (const [x, other] of [
    [a, b],
    [b, a],
  ]) {
    const exact = exactInner(g, x, other);
    if (exact) return { x, approximate: 'none', inner: [product, ...exact] };
    const tanh = tanhInner(g, x, other);
    if (tanh) return { x, approximate: 'tanh', inner: [product, ...tanh] };
  }
  return undefined;
}

/** The layer's name from its last node's: PyTorch names nodes `/block/op`, so `/block/Gelu`. */
const layerName = (n: OnnxNode) =>
  n.name.includes('/') ? `${n.name.slice(0, n.name.lastIndexOf('/'))}/Gelu` : `${n.name}.gelu`;

/** Marks a Softmax read back from Add(x, causal mask): Lensboard's softmax with `causal` set. */
export const CAUSAL = 'lensboard_causal';

/** Whether t is a causal mask: over its last two axes (any leading ones of size 1), 0 where j ≤ i and −∞ (or below −10⁴) where j > i. */
function isCausalMask(t: OnnxTensor | undefined): boolean {
  if (!t || t.dims.length < 2 || t.dims.slice(0, -2).some((d) => d !== 1)) return false;
  const [rows, cols] = t.dims.slice(-2);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      const v = Number(t.values[i * cols + j]);
      if (j > i ? !(v <= -1e4) : v !== 0) return false;
    }
  return rows > 1;
}

/** A Softmax along the last axis of Add(x, causal mask), as one causal Softmax of x. */
function causalSoftmax(g: Graph, n: OnnxNode): OnnxNode | undefined {
  const axis = n.attributes.find((a) => a.name === 'axis');
  if (n.opType !== 'Softmax' || (axis && !(axis.kind === 'int' && axis.value === -1))) return undefined;
  const add = g.only(n.inputs[0] ?? '', 'Add');
  if (!add) return undefined;
  const [a, b] = add.inputs;
  const x = isCausalMask(g.constant(b)) ? a : isCausalMask(g.constant(a)) ? b : undefined;
  if (x === undefined) return undefined;
  return { ...n, inputs: [x], attributes: [...n.attributes, { name: CAUSAL, kind: 'int', value: 1 }] };
}

/**
 * Gather(W, Cast(Floor(Add(ids, ½)))), how Lensboard's exporter rounds an embedding's ids half up
 * as its engines do: Gather(W, ids), the embedding box rounding them again.
 */
function roundedIds(g: Graph, n: OnnxNode): { inner: OnnxNode[]; node: OnnxNode } | undefined {
  if (n.opType !== 'Gather') return undefined;
  const cast = g.only(n.inputs[1] ?? '', 'Cast');
  const floor = cast && g.only(cast.inputs[0], 'Floor');
  const add = floor && g.only(floor.inputs[0], 'Add');
  const ids = withConstant(g, add, 0.5);
  if (!cast || !floor || !add || ids === undefined) return undefined;
  return { inner: [cast, floor, add], node: { ...n, inputs: [n.inputs[0], ids] } };
}

/** The nodes with every GELU subgraph replaced by one `Gelu` node, in the place of its last node. */
export function fusePatterns(nodes: readonly OnnxNode[], outputs: readonly string[], constant: Constant): OnnxNode[] {
  const g = new Graph(nodes, outputs, constant);
  const dropped = new Set<OnnxNode>();
  const replaced = new Map<OnnxNode, OnnxNode>();
  for (const n of nodes) {
    const causal = causalSoftmax(g, n);
    if (causal) {
      dropped.add(g.producer.get(n.inputs[0]) as OnnxNode);
      replaced.set(n, causal);
      continue;
    }
    const rounded = roundedIds(g, n);
    if (rounded) {
      for (const k of rounded.inner) dropped.add(k);
      replaced.set(n, rounded.node);
      continue;
    }
    const norm = layerNormAt(g, nodes, n);
    if (norm && !norm.inner.some((k) => dropped.has(k))) {
      for (const k of norm.inner.slice(0, -1)) dropped.add(k);
      replaced.set(norm.inner[norm.inner.length - 1], norm.node);
      continue;
    }
    const m = geluAt(g, n);
    if (!m || m.inner.some((k) => dropped.has(k))) continue;
    for (const k of m.inner) dropped.add(k);
    replaced.set(n, {
      name: layerName(n),
      opType: 'Gelu',
      inputs: [m.x],
      outputs: [...n.outputs],
      attributes: [{ name: 'approximate', kind: 'string', value: m.approximate }],
    });
  }
  return nodes.filter((n) => !dropped.has(n)).map((n) => replaced.get(n) ?? n);
}

/**
 * Export graphs of one generator each, with random inputs and the generator's own float64
 * forward as the oracle, so that every entry of an exporter's op table is run, not only those
 * the gallery uses (docs/export.md, "How exports are checked"). Unbatched inputs are weights of
 * the graph, batched ones its data inputs; a graph with no batched input gets one to take the
 * batch size from.
 */
import type { Config } from '../core/diagram';
import { getGenerator } from '../core/generators/index';
import { mulberry32 } from '../core/init';
import type { WireType } from '../core/wire';
import { Arena } from '../engines/arena';
import { TypedKernel } from '../engines/typedKernel';
import type { ExportGraph, ExportNode } from '../export/graph';
import { exampleModelFile } from './exportModels';
import type { OracleCase, Tensor32 } from './exportOracle';

export interface GeneratorCase {
  readonly gen: string;
  readonly config: Config;
  readonly inputs: readonly WireType[];
  /** Inputs drawn from [lo, hi); ℤ₂ wires are 0 or 1. */
  readonly range?: readonly [number, number];
  /** Targets that refuse this config (not the generator) when writing it, by target id. */
  readonly refusedBy?: readonly string[];
}

const r = (shape: number[], batch = true): WireType => ({ field: 'real', shape, batch });
const z = (shape: number[], batch = true): WireType => ({ field: 'z2', shape, batch });
const p = (shape: number[]) => r(shape, false);
const positive = [0.2, 1.5] as const;

/** Each generator in the forms the exporters write differently (batched or not, axes, transposes). */
export const GENERATOR_CASES: readonly GeneratorCase[] = [
  { gen: 'copy', config: { n: 3 }, inputs: [r([3])] },
  { gen: 'swap', config: {}, inputs: [r([3]), r([2])] },
  { gen: 'zero', config: { shape: [3], field: 'real', batch: true }, inputs: [] },
  { gen: 'zero', config: { shape: [2, 2], field: 'real', batch: false }, inputs: [] },
  { gen: 'constant', config: { value: 2.5, shape: [2, 3], batch: false }, inputs: [] },
  { gen: 'constant', config: { value: -1.25, shape: [3], batch: true }, inputs: [] },
  { gen: 'add', config: {}, inputs: [r([3]), r([3])] },
  { gen: 'add', config: {}, inputs: [r([3]), p([])] },
  { gen: 'subtract', config: {}, inputs: [r([2, 3]), r([2, 3])] },
  { gen: 'multiply', config: {}, inputs: [r([3]), r([3])] },
  { gen: 'negate', config: {}, inputs: [r([3])] },
  { gen: 'scale', config: { c: -1.5 }, inputs: [r([3])] },
  { gen: 'sumBatch', config: {}, inputs: [r([3])] },
  { gen: 'broadcastBatch', config: {}, inputs: [p([3])] },
  { gen: 'linear', config: { in: 3, out: 2 }, inputs: [p([3, 2]), r([3])] },
  { gen: 'linear', config: { in: 3, out: 2 }, inputs: [p([3, 2]), p([3])] },
  { gen: 'linear', config: { in: 3, out: 2 }, inputs: [p([3, 2]), r([4, 3])] },
  { gen: 'linearT', config: { in: 3, out: 2 }, inputs: [p([3, 2]), r([2])] },
  { gen: 'linearT', config: { in: 3, out: 2 }, inputs: [p([3, 2]), r([4, 2])] },
  { gen: 'linearT', config: { in: 3, out: 2 }, inputs: [p([3, 2]), p([2])] },
  { gen: 'outer', config: { in: 3, out: 2 }, inputs: [r([3]), r([2])] },
  { gen: 'outer', config: { in: 3, out: 2 }, inputs: [p([3]), p([2])] },
  { gen: 'outer', config: { in: 3, out: 2 }, inputs: [r([4, 3]), r([4, 2])], refusedBy: ['tfjs'] },
  { gen: 'bias', config: {}, inputs: [p([3]), r([3])] },
  { gen: 'matmul', config: { transA: true, transB: false }, inputs: [p([3, 2]), p([3, 4])] },
  { gen: 'matmul', config: { transA: false, transB: true }, inputs: [p([2, 3]), p([4, 3])] },
  ...['sigmoid', 'tanh', 'relu', 'exp', 'square', 'softplus', 'step', 'softmax'].map((gen) => ({
    gen,
    config: {},
    inputs: [r([5])],
  })),
  ...['log', 'sqrt', 'reciprocal'].map((gen) => ({ gen, config: {}, inputs: [r([5])], range: positive })),
  { gen: 'leakyRelu', config: { alpha: 0.3 }, inputs: [r([5])] },
  { gen: 'leakyStep', config: { alpha: 0.3 }, inputs: [r([5])] },
  { gen: 'sumFeatures', config: { axis: -1 }, inputs: [r([2, 3])] },
  { gen: 'sumFeatures', config: { axis: 1 }, inputs: [r([2, 3])] },
  { gen: 'sumFeatures', config: { axis: 0 }, inputs: [p([2, 3])] },
  { gen: 'broadcast', config: { shape: [2, 3], axis: 0 }, inputs: [r([3])] },
  { gen: 'broadcast', config: { shape: [4], axis: -1 }, inputs: [r([])] },
  { gen: 'broadcast', config: { shape: [2, 3], axis: 1 }, inputs: [p([2])] },
  { gen: 'reshape', config: { shape: [3, 2] }, inputs: [r([6])] },
  { gen: 'flatten', config: {}, inputs: [r([2, 3])] },
  { gen: 'concat', config: { n: 3 }, inputs: [r([2]), r([3]), r([1])] },
  { gen: 'split', config: { sizes: [2, 3] }, inputs: [r([5])] },
  { gen: 'correlate2d', config: {}, inputs: [p([2, 2, 2, 3]), r([5, 5, 2])] },
  { gen: 'conv2dBackInput', config: {}, inputs: [p([2, 2, 2, 3]), r([4, 4, 3])] },
  { gen: 'conv2dBackFilter', config: {}, inputs: [r([5, 5, 2]), r([4, 4, 3])] },
  { gen: 'correlate2d', config: { pads: [1, 0, 2, 1], strides: [2, 1] }, inputs: [p([2, 2, 2, 3]), r([5, 4, 2])] },
  {
    gen: 'correlate2d',
    config: { pads: [1, 1, 0, 1], strides: [2, 2], dilations: [1, 2], groups: 2 },
    inputs: [p([3, 2, 1, 4]), r([6, 5, 2])],
    refusedBy: ['tfjs'],
  },
  { gen: 'maxPool2d', config: { k: 2 }, inputs: [r([5, 4, 2])] },
  { gen: 'softmax', config: { axis: 0 }, inputs: [r([3, 2])] },
  { gen: 'layerNorm', config: { eps: 1e-5 }, inputs: [r([2, 4])] },
  { gen: 'softmax', config: { causal: true }, inputs: [r([2, 3, 3])] },
  { gen: 'batchMatmul', config: { transB: true }, inputs: [r([2, 3, 2]), r([2, 4, 2])] },
  { gen: 'batchMatmul', config: { transA: true }, inputs: [p([3, 2]), p([3, 4])] },
  { gen: 'transpose', config: { perm: [2, 0, 1] }, inputs: [r([2, 3, 4])] },
  // ids 0…3 (rounded half up from [0, 3.4)), as a text set's windows give them
  { gen: 'embedding', config: { vocab: 4, width: 2 }, inputs: [p([4, 2]), r([3])], range: [0, 3.4] },
  { gen: 'maxPool2d', config: { k: 3, stride: 2 }, inputs: [r([5, 6, 2])] },
  { gen: 'maxPool2d', config: { k: 3, stride: 2, pads: [1, 1, 1, 0] }, inputs: [r([5, 4, 2])], refusedBy: ['tfjs'] },
  { gen: 'channelMean', config: {}, inputs: [r([3, 2])] },
  { gen: 'batchNorm', config: {}, inputs: [r([2, 3])] },
  { gen: 'xor', config: {}, inputs: [z([3]), z([3])] },
  { gen: 'and', config: {}, inputs: [z([3]), z([3])] },
  { gen: 'not', config: {}, inputs: [z([3])] },
  { gen: 'one', config: { shape: [3], batch: true }, inputs: [] },
  { gen: 'parity', config: {}, inputs: [z([4])] },
  { gen: 'basis', config: {}, inputs: [z([3])] },
  { gen: 'sumBatch', config: {}, inputs: [z([3])] },
];

const BATCH = 6;
const full = (t: WireType) => (t.batch ? [BATCH, ...t.shape] : [...t.shape]);
const size = (s: readonly number[]) => s.reduce((a, b) => a * b, 1);

/** The case as an export graph with its inputs and the generator's float64 outputs. */
export function generatorCase(c: GeneratorCase, seed = 3): OracleCase {
  const g = getGenerator(c.gen);
  const config = { ...Object.fromEntries(g.configFields.map((f) => [f.key, f.default])), ...c.config };
  const outTypes = g.type(config, c.inputs);
  const rng = mulberry32(seed);
  const [lo, hi] = c.range ?? [-1, 1];
  const tensors: Tensor32[] = c.inputs.map((t, i) => ({
    name: `in${i}`,
    shape: full(t),
    data: Float32Array.from({ length: size(full(t)) }, () =>
      t.field === 'z2' ? Math.floor(rng() * 2) : lo + (hi - lo) * rng(),
    ),
  }));
  const kernel = new TypedKernel(new Arena('float64'));
  kernel.batchSize = BATCH;
  const outs = g.forward(
    kernel,
    config,
    tensors.map((t) => ({ shape: t.shape, data: Float64Array.from(t.data) })),
    c.inputs,
  );
  const batched = tensors.filter((_, i) => c.inputs[i].batch);
  const reference: Tensor32[] =
    batched.length > 0 ? [] : [{ name: 'batch_ref', shape: [BATCH, 1], data: new Float32Array(BATCH) }];
  const ports = g.ports(config);
  const node: ExportNode = {
    gen: c.gen,
    config,
    inputs: tensors.map((t) => t.name),
    outputs: outTypes.map((_, k) => `out${k}`),
    inputTypes: c.inputs,
    outputTypes: outTypes,
    inputPorts: ports.inputs.map((q) => q.name),
    outputPorts: ports.outputs.map((q) => q.name),
    params: [],
    box: c.gen,
    label: c.gen,
  };
  const weights = tensors.filter((_, i) => !c.inputs[i].batch);
  const dataInputs = [...batched, ...reference];
  const typeOf = (t: Tensor32): WireType => (t.name === 'batch_ref' ? r([1]) : c.inputs[Number(t.name.slice(2))]);
  const graph: ExportGraph = {
    name: c.gen,
    inputs: dataInputs.map((t) => ({ name: t.name, label: t.name, value: t.name, type: typeOf(t) })),
    outputs: outTypes.map((t, k) => ({ name: `out${k}`, label: `out${k}`, value: `out${k}`, type: t })),
    params: weights.map((t) => ({ name: t.name, type: typeOf(t), box: t.name, label: t.name })),
    nodes: [node],
    values: new Map([
      ...tensors.map((t) => [t.name, typeOf(t)] as const),
      ...reference.map((t) => [t.name, typeOf(t)] as const),
      ...outTypes.map((t, k) => [`out${k}`, t] as const),
    ]),
    weights: weights.map((t) => ({ name: t.name, shape: t.shape, data: t.data })),
    optimiserState: [],
    training: exampleModelFile('xor').file.trainingConfig,
    epochs: 1,
  };
  return {
    graph,
    inputs: dataInputs,
    expected: outs.map((o, k) => ({ name: `out${k}`, shape: [...o.shape], data: Float64Array.from(o.data) })),
  };
}

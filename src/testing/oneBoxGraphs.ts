/**
 * One box of each generator an export table maps, as an export graph and as a core Diagram, for
 * checking a target's op against the generator's own forward on awkward-enough shapes. Every
 * graph reads a batched `x` first (the batch size and dtype a target's new tensors take), then
 * the box's inputs.
 */

import { DiagramBuilder } from '../core/builder';
import { normaliseConfig } from '../core/config';
import type { Config, Diagram } from '../core/diagram';
import { getGenerator } from '../core/generators/index';
import type { WireType } from '../core/wire';
import type { ExportGraph } from '../export/graph';
import type { TrainingConfig } from '../io/modelSchema';

const t = (shape: number[], batch = true): WireType => ({ field: 'real', shape, batch });

/** Each mapped generator's config and input types (the defaults where absent: one ℝ² wire). */
export const ONE_BOX_SAMPLES: Readonly<Record<string, { config?: Config; inputs?: WireType[] }>> = {
  copy: { config: { n: 3 } },
  swap: { inputs: [t([2]), t([3])] },
  zero: { config: { shape: [3], batch: true }, inputs: [] },
  constant: { config: { value: 2.5, shape: [2, 2], batch: false }, inputs: [] },
  add: { inputs: [t([2]), t([2], false)] },
  subtract: { inputs: [t([], false), t([2, 3])] },
  multiply: { inputs: [t([2, 3]), t([2, 3])] },
  scale: { config: { c: -0.75 } },
  sumBatch: { inputs: [t([2, 3])] },
  broadcastBatch: { inputs: [t([2, 3], false)] },
  linear: { config: { in: 3, out: 4 }, inputs: [t([3, 4], false), t([3])] },
  linearT: { config: { in: 3, out: 4 }, inputs: [t([3, 4], false), t([4])] },
  outer: { config: { in: 3, out: 4 }, inputs: [t([3]), t([4])] },
  bias: { inputs: [t([3], false), t([3])] },
  matmul: { config: { transA: true, transB: true }, inputs: [t([3, 2], false), t([4, 3], false)] },
  batchMatmul: { config: { transB: true }, inputs: [t([2, 3, 2]), t([2, 4, 2])] },
  embedding: { config: { vocab: 4, width: 3 }, inputs: [t([4, 3], false), t([3])] },
  leakyRelu: { config: { alpha: 0.3 } },
  leakyStep: { config: { alpha: 0.3 } },
  sumFeatures: { config: { axis: 1 }, inputs: [t([2, 3, 2])] },
  broadcast: { config: { shape: [2, 4, 3], axis: 1 }, inputs: [t([2, 3])] },
  reshape: { config: { shape: [3, 2] }, inputs: [t([2, 3])] },
  flatten: { inputs: [t([2, 3])] },
  transpose: { config: { perm: [1, 2, 0] }, inputs: [t([2, 3, 4])] },
  concat: { config: { n: 3 }, inputs: [t([2, 1]), t([2, 3]), t([2, 2])] },
  split: { config: { sizes: [1, 3, 2] }, inputs: [t([2, 6])] },
  softmax: { config: { causal: true }, inputs: [t([2, 3, 4])] },
  layerNorm: { config: { eps: 0.01 }, inputs: [t([2, 5])] },
  // asymmetric padding, stride and dilation along different axes, two groups
  correlate2d: {
    config: { pads: [1, 0, 2, 1], strides: [2, 1], dilations: [1, 2], groups: 2 },
    inputs: [t([3, 2, 1, 4], false), t([6, 5, 2])],
  },
  conv2dBackInput: { inputs: [t([3, 2, 2, 4], false), t([4, 4, 4])] },
  conv2dBackFilter: { inputs: [t([6, 5, 2]), t([4, 4, 4])] },
  // overlapping windows reaching into the padding
  maxPool2d: { config: { k: 3, stride: 2, pads: [1, 0, 1, 1] }, inputs: [t([5, 4, 3])] },
};

/** Generators whose forward needs positive inputs. */
export const POSITIVE_INPUTS = new Set(['log', 'sqrt', 'reciprocal', 'embedding']);

const X = t([1]);

export interface OneBox {
  readonly gen: string;
  readonly inputs: readonly WireType[];
  readonly graph: ExportGraph;
  /** (x, the box's inputs…) → the box's outputs. */
  readonly diagram: Diagram;
}

export function oneBox(gen: string, training: TrainingConfig): OneBox {
  const g = getGenerator(gen);
  const sample = ONE_BOX_SAMPLES[gen] ?? {};
  const config = normaliseConfig(g, sample.config ?? {});
  const inputs = sample.inputs ?? [t([2])];
  const outputs = g.type(config, inputs);
  const ports = g.ports(config);
  const b = new DiagramBuilder();
  const [, ...wires] = b.inputs([X, ...inputs]);
  b.outputs(b.box(gen, wires, config));
  const inNames = inputs.map((_, i) => `in${i}`);
  const outNames = outputs.map((_, i) => `out${i}`);
  const values = new Map<string, WireType>([
    ['x', X],
    ...inputs.map((type, i) => [inNames[i], type] as const),
    ...outputs.map((type, i) => [outNames[i], type] as const),
  ]);
  const port = (name: string, type: WireType) => ({ name, label: name, value: name, type });
  return {
    gen,
    inputs,
    diagram: b.build(),
    graph: {
      name: gen,
      inputs: [port('x', X), ...inputs.map((type, i) => port(inNames[i], type))],
      outputs: outputs.map((type, i) => port(outNames[i], type)),
      params: [],
      nodes: [
        {
          gen,
          config,
          inputs: inNames,
          outputs: outNames,
          inputTypes: inputs,
          outputTypes: outputs,
          inputPorts: ports.inputs.map((p) => p.name),
          outputPorts: ports.outputs.map((p) => p.name),
          params: [],
        },
      ],
      values,
      weights: [],
      optimiserState: [],
      training,
      epochs: 1,
    },
  };
}

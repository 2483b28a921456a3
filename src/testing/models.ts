/**
 * Compiled models built by hand for the learner's tests, standing in for the document compiler:
 * the paper's dense layers `linear ; bias ; activation`, with their parameters first.
 */

import type { CompiledModel, InitSpec, LossKind } from '../compile/types';
import { DiagramBuilder } from '../core/builder';
import { param, real } from '../core/wire';

export interface DenseLayer {
  readonly units: number;
  readonly activation?: string;
  readonly init?: InitSpec;
}

export function denseModel(inputs: number, layers: readonly DenseLayer[], loss: LossKind = 'mse'): CompiledModel {
  const b = new DiagramBuilder();
  let n = inputs;
  const params: CompiledModel['params'][number][] = [];
  const wires: number[] = [];
  layers.forEach((layer, i) => {
    const W = param([n, layer.units]);
    const bias = param([layer.units]);
    params.push({ name: `W${i}`, type: W, init: layer.init ?? { kind: 'normal', sigma: 0.01 }, source: `dense${i}` });
    params.push({ name: `b${i}`, type: bias, init: { kind: 'zeros' }, source: `dense${i}` });
    wires.push(b.input(W), b.input(bias));
    n = layer.units;
  });
  let x = b.input(real([inputs]));
  n = inputs;
  layers.forEach((layer, i) => {
    x = b.op('linear', [wires[2 * i], x], { in: n, out: layer.units }, { source: `dense${i}` });
    x = b.op('bias', [wires[2 * i + 1], x], {}, { source: `dense${i}` });
    if (layer.activation) x = b.op(layer.activation, [x], {}, { source: `dense${i}` });
    n = layer.units;
  });
  b.output(x);
  const diagram = b.build();
  return {
    diagram,
    params,
    inputs: [{ box: 'x', role: 'features', type: real([inputs]) }],
    outputs: [{ box: 'y', port: 'y', type: real([n]) }],
    loss: { kind: loss },
    learningRate: null,
    optimiser: null,
    term: 'dense',
  };
}

/**
 * Initial values of a compiled model's parameters and of an optimiser's state. Parameters use
 * the core's seeded initialisers (each parameter its own stream, as `initParams` draws them), so
 * a seed gives the same weights in Node, in a worker and in the browser.
 */

import type { CompiledModel } from '../compile/types';
import { initParams } from '../core/para';
import { typeSize } from '../core/shape';
import type { WireType } from '../core/wire';
import { toInitialiser } from '../kinds/initialisers';

export function initialParams(model: CompiledModel, seed: number): Float32Array[] {
  const params = model.params.map((p) => ({ name: p.name, type: p.type, init: toInitialiser(p.init) }));
  return initParams({ diagram: model.diagram, params }, seed);
}

/**
 * The optimiser's state before the first step: each wire filled with its spec's initial value,
 * exactly (in doubles). Each runner stores it in its engine's precision, so AdaGrad's 0.1 is
 * float32(0.1) on the float32 engines and 0.1 itself on the float64 one.
 */
export function initialState(types: readonly WireType[], init: readonly number[], batch = 1): Float64Array[] {
  return types.map((t, i) => new Float64Array(typeSize(t) * (t.batch ? batch : 1)).fill(init[i]));
}

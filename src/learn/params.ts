/**
 * Initial values of a compiled model's parameters and of an optimiser's state. Parameters use
 * the core's seeded initialisers (each parameter its own stream, as `initParams` draws them), so
 * a seed gives the same weights in Node, in a worker and in the browser.
 */

import { toInitialiser } from '../compile/configs';
import type { CompiledModel } from '../compile/types';
import { initParams } from '../core/para';
import { typeSize } from '../core/shape';
import type { WireType } from '../core/wire';

export function initialParams(model: CompiledModel, seed: number): Float32Array[] {
  const params = model.params.map((p) => ({ name: p.name, type: p.type, init: toInitialiser(p.init) }));
  return initParams({ diagram: model.diagram, params }, seed);
}

/** The optimiser's state before the first step: each wire filled with its spec's initial value. */
export function initialState(types: readonly WireType[], init: readonly number[], batch = 1): Float32Array[] {
  return types.map((t, i) => new Float32Array(typeSize(t) * (t.batch ? batch : 1)).fill(init[i]));
}

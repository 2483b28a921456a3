/**
 * The names a model file gives the optimiser's state, in the order of StepLayout.state (the
 * learner trains its parameters): `<parameter>/<state>` for each parameter's own state
 * (`lin1.W/m`), then `optimizer/<state>` for state the whole learner shares once (Adam's `t`).
 * Parameter names are `box.port`, so they never hold a `/` and never clash with these.
 */
import type { CompiledParam } from '../compile/types';
import { type OptimiserLens, ownState, sharedState } from './optimisers/index';

export interface StateEntry {
  readonly name: string;
  readonly shape: readonly number[];
  readonly init: number;
}

export function stateEntries(params: readonly Pick<CompiledParam, 'name' | 'type'>[], o: OptimiserLens): StateEntry[] {
  return [
    ...params.flatMap((p) =>
      ownState(o).map((spec) => ({
        name: `${p.name}/${spec.name}`,
        shape: spec.scalar ? [] : [...p.type.shape],
        init: spec.init,
      })),
    ),
    ...sharedState(o).map((spec) => ({ name: `optimizer/${spec.name}`, shape: [], init: spec.init })),
  ];
}

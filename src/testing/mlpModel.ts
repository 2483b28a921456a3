/**
 * The bench MLPs as Lensboard models: dense layers `linear ; bias ; activation`, the paper's
 * composite, with their parameters in the peers' order [W1, b1, W2, b2, …].
 */
import type { CompiledModel } from '../compile/types';
import type { MlpSpec } from './mlpSpec';
import { denseModel } from './models';

export function mlpModel(spec: MlpSpec): CompiledModel {
  const layers = spec.sizes.slice(1).map((units, i, all) => {
    const act = i === all.length - 1 ? spec.output : spec.hidden;
    return act === 'linear' ? { units } : { units, activation: act };
  });
  return denseModel(spec.sizes[0], layers, spec.loss);
}

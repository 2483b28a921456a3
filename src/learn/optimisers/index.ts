/**
 * The optimiser lenses by name, their default hyper-parameters, and the update U as one
 * diagram for a learnt wire of type t: inputs (p, s…, hypers…, p'), outputs (p̃, p⁺, s⁺…).
 */
import { DiagramBuilder } from '../../core/builder';
import type { Diagram } from '../../core/diagram';
import type { WireType } from '../../core/wire';
import type { OptimiserSettings } from '../../io/document';
import { scalarType } from '../wiring';
import { adagrad } from './adagrad';
import { adam } from './adam';
import { gd } from './gd';
import { momentum, nesterov } from './momentum';
import { type HyperName, type Hypers, type OptimiserKind, type OptimiserLens, stateType } from './types';

export { ADAGRAD_INITIAL_ACCUMULATOR } from './adagrad';
export * from './types';

export const optimisers: Readonly<Record<OptimiserKind, OptimiserLens>> = { gd, momentum, nesterov, adagrad, adam };

export function getOptimiser(kind: OptimiserKind): OptimiserLens {
  const o = optimisers[kind];
  if (!o) throw new Error(`unknown optimiser '${kind}'; known: ${Object.keys(optimisers).join(', ')}`);
  return o;
}

/** Keras's and tfjs's defaults (δ = 1e-7 is tfjs's epsilon on float32 backends). */
export const DEFAULT_HYPERS: Hypers = { learningRate: 0.01, momentum: 0.9, beta1: 0.9, beta2: 0.999, epsilon: 1e-7 };

/** Settings (from a document or the UI) as the full table of hyper-parameter values. */
export function hypersOf(settings: Partial<OptimiserSettings>): Hypers {
  const pick = (name: HyperName) => settings[name] ?? DEFAULT_HYPERS[name];
  return {
    learningRate: pick('learningRate'),
    momentum: pick('momentum'),
    beta1: pick('beta1'),
    beta2: pick('beta2'),
    epsilon: pick('epsilon'),
  };
}

/**
 * U for one learnt wire as a diagram (p, s…, h…, p') → (p̃, p⁺, s⁺…), the state wires in the
 * order of `o.state` (shared ones included: with one learnt wire, advance runs for it alone).
 */
export function updateDiagram(o: OptimiserLens, t: WireType): Diagram {
  const b = new DiagramBuilder();
  const p = b.input(t);
  const s = b.inputs(o.state.map((spec) => stateType(spec, t)));
  const h = Object.fromEntries(o.hypers.map((name) => [name, b.input(scalarType)]));
  const dp = b.input(t);
  const own = s.filter((_, i) => !o.state[i].shared);
  const shared = s.filter((_, i) => o.state[i].shared);
  const advanced = o.advance ? o.advance(b, shared, h) : { s: [], c: [] };
  const next = o.put(b, p, own, dp, h, advanced.c);
  const [ownNext, sharedNext] = [[...next.s], [...advanced.s]];
  const stateNext = o.state.map((spec) => (spec.shared ? sharedNext.shift() : ownNext.shift()) as number);
  b.outputs([o.get(b, p, own, h), next.p, ...stateNext]);
  return b.build(`U[${o.kind}]`);
}

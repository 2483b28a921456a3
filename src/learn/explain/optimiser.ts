/**
 * What an optimiser lens does to one parameter, printed from its own update diagram
 * (`updateDiagram`, drawn by the learner's own optimiser wiring), its hyper-parameters named as the learner's boxes
 * label them (γ, β₁, ε…): `momentum: velocity⁺ = γ·velocity + p′; p⁺ = p + velocity⁺`.
 */
import { packedOf } from '../../core/views';
import { param, type WireType } from '../../core/wire';
import { lookupBoxKind } from '../boxKinds';
import { getOptimiser, type HyperName, type OptimiserKind } from '../optimisers/index';
import { updateDiagram } from '../optimiserWiring';
import { type Formula, formulas } from './formula';
import { type Filled, filled, printFilled } from './numbers';

export interface UpdateExplanation {
  readonly kind: OptimiserKind;
  /** The update's outputs in the order they are computed, the get p̃ left out where it is p. */
  readonly formulas: readonly Formula[];
  /** `momentum: velocity⁺ = γ·velocity + p′; p⁺ = p + velocity⁺`. */
  readonly text: string;
  /** The names of the update's inputs (p, state…, hyper-parameters…, p′), in its input order. */
  readonly names: readonly string[];
}

/** A hyper-parameter as the box that sets it labels it: ε on the learning rate, γ β₁ β₂ δ on the optimiser. */
export function hyperSymbol(name: HyperName): string {
  const [kind, key] = name === 'learningRate' ? ['learning-rate', 'epsilon'] : ['optimiser', name];
  return lookupBoxKind(kind)?.configFields.find((f) => f.key === key)?.label ?? name;
}

function printing(kind: OptimiserKind) {
  const o = getOptimiser(kind);
  const names = ['p', ...o.state.map((s) => s.name), ...o.hypers.map(hyperSymbol), 'p′'];
  const outputNames = ['p̃', 'p⁺', ...o.state.map((s) => `${s.name}⁺`)];
  return { names, outputNames };
}

/** A scalar parameter, so every state is one number too. */
const SCALAR: WireType = param([]);

export function explainOptimiser(kind: OptimiserKind): UpdateExplanation {
  const d = updateDiagram(getOptimiser(kind), SCALAR);
  const how = printing(kind);
  const p = packedOf(d);
  // the get is worth a line only where it moves p (Nesterov's look-ahead)
  const shown = formulas(d, how).filter((f) => f.name !== 'p̃' || p.outputs[0] !== p.inputs[0]);
  return {
    kind,
    formulas: shown,
    text: `${kind}: ${shown.map((f) => `${f.name} = ${f.text}`).join('; ')}`,
    names: how.names,
  };
}

/**
 * The update at one element of one parameter: `inputs` are the values of p, each state, each
 * hyper-parameter and p′ (in `names` order) at that element.
 */
export function fillUpdate(kind: OptimiserKind, inputs: readonly number[]): Filled[] {
  const d = updateDiagram(getOptimiser(kind), SCALAR);
  const keep = new Set(explainOptimiser(kind).formulas.map((f) => f.name));
  return filled(d, printing(kind), { inputs: inputs.map((v) => [v]) }).filter((f) => keep.has(f.name));
}

export const updateCaption = (kind: OptimiserKind, inputs: readonly number[]): string =>
  `${kind}: ${fillUpdate(kind, inputs).map(printFilled).join('; ')}`;

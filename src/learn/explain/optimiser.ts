/**
 * What an optimiser lens does to one parameter, as the textbook writes it: the lens's own
 * `textbook` lines (beside its definition in optimisers/), its hyper-parameters named as the
 * learner's boxes label them (γ, β₁, ε…): `momentum: s⁺ = γs + p′; p⁺ = p + s⁺`. The lines are
 * held to the lens's update diagram by a test (explain.test.ts), so they say what the step does.
 */
import { lookupBoxKind } from '../../kinds/boxKinds';
import { getOptimiser, type HyperName, type OptimiserKind } from '../optimisers/index';
import type { Lookup, Source } from '../optimisers/textbook';
import type { Formula } from './formula';
import { fillLines, formulaText, type TextbookFilled } from './textbook';

export interface UpdateExplanation {
  readonly kind: OptimiserKind;
  /** The update's lines in the order they are computed. */
  readonly formulas: readonly Formula[];
  /** `momentum: s⁺ = γs + p′; p⁺ = p + s⁺`. */
  readonly text: string;
  /** The names of the update's inputs (p, state…, hyper-parameters…, p′), in its input order. */
  readonly names: readonly string[];
}

/** A hyper-parameter as the box that sets it labels it: ε on the learning rate, γ β₁ β₂ δ on the optimiser. */
export function hyperSymbol(name: HyperName): string {
  const [kind, key] = name === 'learningRate' ? ['learning-rate', 'epsilon'] : ['optimiser', name];
  return lookupBoxKind(kind)?.configFields.find((f) => f.key === key)?.label ?? name;
}

export function explainOptimiser(kind: OptimiserKind, z2 = false): UpdateExplanation {
  const o = getOptimiser(kind);
  const shown = o.textbook.map((l) => ({ name: l.name, text: formulaText(l.expr, z2) }));
  return {
    kind,
    formulas: shown,
    text: `${o.label}: ${shown.map((f) => `${f.name} = ${f.text}`).join('; ')}`,
    names: ['p', ...o.state.map((s) => s.name), ...o.hypers.map(hyperSymbol), 'p′'],
  };
}

/** The lens inputs' values (p, each state, each hyper-parameter, p′, in `names` order) as a lookup. */
export function inputLookup(kind: OptimiserKind, inputs: readonly number[]): Lookup {
  const o = getOptimiser(kind);
  const nS = o.state.length;
  return (s: Source) => {
    if (s.kind === 'p') return inputs[0];
    if (s.kind === 'change') return inputs[1 + nS + o.hypers.length];
    if (s.kind === 'state') return inputs[1 + o.state.findIndex((x) => x.name === s.name)];
    if (s.kind === 'hyper') return inputs[1 + nS + o.hypers.indexOf(s.name)];
    return Number.NaN;
  };
}

/** The update at one element of one parameter, `inputs` in `names` order; over ℤ₂ sums are xor. */
export const fillUpdate = (kind: OptimiserKind, inputs: readonly number[], z2 = false): TextbookFilled[] =>
  fillLines(getOptimiser(kind).textbook, inputLookup(kind, inputs), z2);

/** `t⁺ = 0 + 1 = 1; m⁺ = 0.90·0 + … = −0.003`: each line's numbers beside its name. */
export const updateNumbers = (kind: OptimiserKind, inputs: readonly number[], z2 = false): string =>
  fillUpdate(kind, inputs, z2)
    .map((f) => [f.name, f.numbers, f.shown].filter((t, k, all) => t !== all[k - 1]).join(' = '))
    .join('; ');

/** `momentum: s⁺ = γs + p′ = 0.90·0.10 + −0.03 = 0.09 + −0.03 = 0.06; …`. */
export const updateCaption = (kind: OptimiserKind, inputs: readonly number[], z2 = false): string =>
  `${getOptimiser(kind).label}: ${fillUpdate(kind, inputs, z2)
    .map((f) => [f.name, f.formula, f.numbers, f.shown].filter((t, k, all) => t !== all[k - 1]).join(' = '))
    .join('; ')}`;

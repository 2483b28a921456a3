/**
 * The caption of a backward step: the rule as its generator defines it, what it does in words,
 * and, given one example's inputs and changes, the numbers it computes there:
 *
 *   R[Δ](x, (d₀, d₁)) = d₀ + d₁: the two changes are summed (0.12 + −0.40 = −0.28)
 *   R[multiply]((a, b), d) = (d·b, d·a): each side receives the change times the other
 *     (a′ = d·b = 0.30·1.50 = 0.45, b′ = d·a = 0.30·2.00 = 0.60)
 */
import { packedOf } from '../../core/views';
import { type Filled, filled, printFilled } from './numbers';
import type { RuleExplanation } from './rule';
import { sumText } from './sums';

export interface RuleExample {
  /** The box's inputs at one example, flattened, in port order. */
  readonly inputs: readonly ArrayLike<number>[];
  /** The changes of its outputs at that example, in port order. */
  readonly changes: readonly ArrayLike<number>[];
  /** The element to show where the rule acts element by element (default 0). */
  readonly element?: number;
}

/** Each input's change at the example (in input order), computed by the rule itself. */
export function fillRule(rule: RuleExplanation, ex: RuleExample): Filled[] {
  const nX = rule.formulas.length;
  const how = { names: rule.names, outputNames: rule.formulas.map((f) => f.name) };
  const all = filled(rule.reverse, how, { inputs: [...ex.inputs, ...ex.changes], element: ex.element });
  return rule.formulas.map((f) => all.find((g) => g.name === f.name) as Filled).slice(0, nX);
}

/** What the rule does at the example, in the words its shape gives. */
export function sentenceWithNumbers(rule: RuleExplanation, ex: RuleExample): string {
  const said = sentenceAt(rule, ex);
  // an unbatched input (a weight) is shared by the batch: its change here is one example's part
  const p = packedOf(rule.reverse);
  const types = Array.from(p.inputs, (w) => p.types[p.wireType[w]]);
  const shared = types.slice(0, rule.formulas.length).some((t) => !t.batch) && types.some((t) => t.batch);
  return shared ? `${said}, for this example; the step adds up these parts over all the batch's examples` : said;
}

function sentenceAt(rule: RuleExplanation, ex: RuleExample): string {
  const parts = fillRule(rule, ex);
  switch (rule.shape) {
    case 'none':
    case 'zero':
      return rule.sentence;
    case 'pass':
      return `${rule.sentence} (${[...new Set(parts.map((p) => `${p.formula} = ${p.value}`))].join(', ')})`;
    case 'sum': {
      // a sum of the changes is shown so that it adds up as shown (sums.ts)
      const [p] = parts;
      const e = ex.element ?? 0;
      const ds = ex.changes.map((c) => (c.length === 1 ? c[0] : c[e]));
      const total = p.values.length === 1 ? p.values[0] : p.values[e];
      if (rule.sumSymbol === '+' && p.numbers !== undefined && ds.length === p.numbers.split(' + ').length)
        return `${rule.sentence} (${sumText(ds, total)})`;
      return p.numbers === undefined ? `${rule.sentence} (${p.value})` : `${rule.sentence} (${p.numbers} = ${p.value})`;
    }
    case 'scaled': {
      const [p] = parts;
      return p.numbers === undefined ? `${rule.sentence} (${p.value})` : `${rule.sentence} (${p.numbers} = ${p.value})`;
    }
    default:
      // the formulas are in the rule's text already: the numbers, and what they come to
      return `${rule.sentence} (${parts.map((p) => printFilled({ ...p, formula: p.name })).join(', ')})`;
  }
}

/** `rule: what it does (numbers).`, or without an example `rule: what it does.`: a whole sentence. */
export function ruleCaption(rule: RuleExplanation, ex?: RuleExample): string {
  return `${rule.text}: ${ex ? sentenceWithNumbers(rule, ex) : rule.sentence}.`;
}

/**
 * Explain, the data half: the rule a step applies as text made from the generator's, loss's,
 * cap's or optimiser's own diagram, and the numbers of one example of a trace filled in.
 */
export { fillRule, type RuleExample, ruleCaption, sentenceWithNumbers } from './caption';
export type { Formula } from './formula';
export { type Filled, printFilled } from './numbers';
export {
  explainOptimiser,
  fillUpdate,
  hyperSymbol,
  type UpdateExplanation,
  updateCaption,
  updateNumbers,
} from './optimiser';
export { explainRule, type RuleExplanation, type RuleShape } from './rule';
export { exampleOf, explainStep, type StepExplanation } from './step';

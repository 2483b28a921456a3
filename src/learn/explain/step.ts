/**
 * The rule a step of the step Program applies, found through the source map: a model box's
 * forward map or reverse rule, the loss's lens, the learning rate's cap, or the optimiser's
 * update — each printed from the diagram it is defined by. With a trace, the numbers of one
 * example for a model box's reverse rule come from the trace's own buffers.
 */
import { DiagramBuilder } from '../../core/builder';
import type { Box, Config, Diagram } from '../../core/diagram';
import { getGenerator } from '../../core/generators/index';
import { typeSize } from '../../core/shape';
import type { WireType } from '../../core/wire';
import type { Learner } from '../learner';
import { capDiagram } from '../learningRate';
import { getLoss } from '../losses/index';
import type { OptimiserKind } from '../optimisers/index';
import type { Part, Pass } from '../sourceMap';
import type { RuleExample } from './caption';
import { formulas } from './formula';
import { explainOptimiser, hyperSymbol } from './optimiser';
import { explainRule, type RuleExplanation } from './rule';

export interface StepExplanation {
  readonly part: Part;
  readonly pass: Pass;
  /** The drawn box (or `training settings`) the step belongs to. */
  readonly box: string;
  /** `R[σ](x, d) = d·(σ(x) − σ(x)²)`, `y = σ(x)`, `l′ = Δᵦ(−ε)`, `momentum: …`. */
  readonly text: string;
  /** A model box's reverse rule, for its sentence and its numbers (ruleCaption). */
  readonly rule?: RuleExplanation;
}

const joined = (fs: readonly { name: string; text: string }[]) => fs.map((f) => `${f.name} = ${f.text}`).join('; ');

/** A box's forward map as `y = σ(x)`, from a diagram of that one box. */
function forwardText(gen: string, config: Config, types: readonly WireType[]): string {
  const ports = getGenerator(gen).ports(config);
  const b = new DiagramBuilder();
  b.outputs(b.box(gen, b.inputs(types), config));
  const d = b.build();
  return joined(formulas(d, { names: ports.inputs.map((p) => p.name), outputNames: ports.outputs.map((p) => p.name) }));
}

const typesOf = (d: Diagram, box: Box) => box.inputs.map((w) => d.wires[w]);

export function explainStep(learner: Learner, k: number): StepExplanation {
  const at = learner.sourceMap.steps[k];
  const base = { part: at.part, pass: at.pass, box: at.innerBox };
  if (at.part === 'model' && at.modelBox !== undefined) {
    const d = learner.model.diagram;
    const box = d.boxes[at.modelBox];
    if (at.pass === 'forward') return { ...base, text: forwardText(box.gen, box.config, typesOf(d, box)) };
    const rule = explainRule(box.gen, box.config, typesOf(d, box));
    return { ...base, text: rule.text, rule };
  }
  if (at.part === 'loss') {
    // the textbook's ℓ and R[ℓ] (losses/index.ts); a test holds them to rdiff of the diagram
    const { textbook } = getLoss(learner.loss.kind);
    return { ...base, text: at.pass === 'forward' ? textbook.forward : textbook.reverse };
  }
  if (at.part === 'learning-rate') {
    const how = { names: ['l', hyperSymbol('learningRate')], outputNames: ['l′'] };
    return { ...base, text: joined(formulas(capDiagram(learner.cap, learner.layout.loss), how)) };
  }
  // over ℤ₂ (Reverse Derivative Ascent) the update's sum is xor
  const d = learner.model.diagram;
  const z2 = learner.layout.learnt.some((i) => d.wires[d.inputs[i]].field === 'z2');
  return { ...base, text: explainOptimiser(learner.optimiser.kind as OptimiserKind, z2).text };
}

/**
 * One example of a model box's reverse rule read off a trace: the values of the box's inputs
 * and the changes of its outputs at example `e` (an unbatched wire: all of it).
 */
export function exampleOf(
  learner: Learner,
  modelBox: number,
  buffers: readonly (ArrayLike<number> | null | undefined)[],
  e: number,
  element?: number,
): RuleExample {
  const d = learner.model.diagram;
  const { value, change } = learner.sourceMap.model;
  const box = d.boxes[modelBox];
  const slice = (w: number, b: number) => {
    const t = d.wires[w];
    const n = typeSize(t);
    const data = b < 0 ? undefined : buffers[b];
    if (!data) return new Float64Array(n); // no change computed: none reached the wire
    return t.batch ? Array.prototype.slice.call(data, e * n, (e + 1) * n) : Array.from(data);
  };
  return {
    inputs: box.inputs.map((w) => slice(w, value[w])),
    changes: box.outputs.map((w) => slice(w, change[w])),
    ...(element === undefined ? {} : { element }),
  };
}

/**
 * Learner assembly (docs/architecture.md): one training step is one evaluation of the composite lens
 * `optimiser ▷ (model ; loss ; α)`, drawn here as ONE diagram
 *
 *   (learnt…, state…, hypers…, fixed…, y) → (learnt⁺…, state⁺…, l, ŷ)
 *
 * where state is each learnt wire's own state, learnt wire by learnt wire, then the optimiser's
 * shared state once (Adam's step counter: advanced once a step, its scalars read by every put).
 *
 * p̃ = get(s, p); ŷ = f(p̃, x); l = ℓ(ŷ, y); l' = α(l); ŷ' = R[ℓ](…, l'); p' = R[f](…, ŷ');
 * (s⁺, p⁺) = put(s, p, p') — get and put drawn by ./optimiserWiring. R comes from the core's rdiff; its forward copies of f and ℓ land
 * on the same wires as the forward pass drawn here, so lowering's CSE keeps one forward pass,
 * and DCE drops the changes nobody reads (x', y'). The learnt wires are the parameters, or,
 * for deep dreaming, the data inputs (the weights then stay fixed).
 */

import type { CompiledModel, LossKind } from '../compile/types';
import { DiagramBuilder } from '../core/builder';
import { dom } from '../core/compose';
import type { Diagram } from '../core/diagram';
import { fuseProgram } from '../core/fuse';
import { lower, type Program } from '../core/program';
import { rdiff, rdiffMapped } from '../core/rdiff';
import { printTerm } from '../core/term';
import type { WireType } from '../core/wire';
import { type Cap, cap } from './learningRate';
import { getLoss, type Loss, lossDiagram } from './losses/index';
import {
  DEFAULT_OPTIMISER,
  getOptimiser,
  type HyperName,
  type OptimiserKind,
  type OptimiserLens,
  ownState,
  sharedState,
  stateType,
} from './optimisers/index';
import { drawGet, drawPut, type LearntWire, reader } from './optimiserWiring';
import { PartMarks, type SourceMap, type StepWiring } from './sourceMap';
import { learnerIds, stepSourceMap, stepWiring } from './stepSources';
import { scalarType, tagged } from './wiring';

export interface LearnerOptions {
  readonly loss?: LossKind;
  readonly optimiser?: OptimiserKind;
  /**
   * 'params' trains the weights; 'inputs' learns the data input instead (deep dreaming), the
   * weights then fixed; 'both' learns both (docs/dreaming.md).
   */
  readonly learn?: 'params' | 'inputs' | 'both';
}

/** Where each group of values sits on the step's boundary (see the header). */
export interface StepLayout {
  /** Indices into the model's inputs: the learnt ones, and the fixed ones, each in model order. */
  readonly learnt: readonly number[];
  readonly fixed: readonly number[];
  /**
   * Types of the state wires: learnt wire by learnt wire, each in the optimiser's order of its
   * own (unshared) state; then the shared state wires, once.
   */
  readonly state: readonly WireType[];
  readonly stateInit: readonly number[];
  readonly hypers: readonly HyperName[];
  readonly prediction: WireType;
  readonly loss: WireType;
}

export interface Learner {
  readonly model: CompiledModel;
  readonly loss: Loss;
  readonly optimiser: OptimiserLens;
  readonly cap: Cap;
  readonly layout: StepLayout;
  /** The whole step as a diagram (it can be drawn), and lowered once. */
  readonly step: Diagram;
  readonly stepProgram: Program;
  /**
   * The same step with its pointwise runs fused (core/fuse): what training runs. Same inputs,
   * outputs and values; only `stepProgram` has every buffer, for traces and animation.
   */
  readonly fusedStepProgram: Program;
  /** What of the drawing each buffer and step of `stepProgram` belongs to (sourceMap.ts); made on first read. */
  readonly sourceMap: SourceMap;
  /** (model inputs…, y) → (l, ŷ): evaluation without a step. */
  readonly evaluate: Diagram;
  readonly evaluateProgram: Program;
  readonly fusedEvaluateProgram: Program;
}

export function assembleLearner(model: CompiledModel, options: LearnerOptions = {}): Learner {
  const lossKind = options.loss ?? model.loss?.kind;
  if (!lossKind) throw new Error('the learner needs a loss: draw a loss box or choose one in the settings');
  const loss = getLoss(lossKind);
  const optimiser = getOptimiser(options.optimiser ?? model.optimiser?.kind ?? DEFAULT_OPTIMISER);
  const types = dom(model.diagram);
  if (model.diagram.outputs.length !== 1) {
    throw new Error(`a learner needs one prediction output; this model has ${model.diagram.outputs.length}`);
  }
  const prediction = model.diagram.wires[model.diagram.outputs[0]];
  if (prediction.field !== loss.field)
    throw new Error(`the ${loss.kind} loss needs ${loss.field} predictions, got ${prediction.field}`);
  if (loss.field === 'z2' && optimiser.kind !== 'gd')
    throw new Error('over ℤ₂ the only optimiser is gradient descent (Reverse Derivative Ascent)');
  const nParams = model.params.length;
  const isLearnt = (i: number) =>
    options.learn === 'both' ? true : options.learn === 'inputs' ? i >= nParams : i < nParams;
  const learnt = types.map((_, i) => i).filter(isLearnt);
  const fixed = types.map((_, i) => i).filter((i) => !isLearnt(i));
  const capKind: Cap = loss.field === 'z2' ? 'identity' : optimiser.cap;
  const ell = lossDiagram(loss.kind, prediction);
  const lossType = ell.wires[ell.outputs[0]];
  const layout: StepLayout = {
    learnt,
    fixed,
    state: [
      ...learnt.flatMap((i) => ownState(optimiser).map((spec) => stateType(spec, types[i]))),
      ...sharedState(optimiser).map((spec) => stateType(spec, scalarType)),
    ],
    stateInit: [
      ...learnt.flatMap(() => ownState(optimiser).map((spec) => spec.init)),
      ...sharedState(optimiser).map((spec) => spec.init),
    ],
    hypers: optimiser.hypers,
    prediction,
    loss: lossType,
  };
  const ids = learnerIds(model, loss.kind, optimiser.kind);
  const { step, wiring } = drawStep(model.diagram, ell, optimiser, capKind, layout, ids);
  const evaluate = drawEvaluate(model.diagram, ell, prediction, ids.loss);
  const stepProgram = lower(step);
  // made on first read: training never reads it, and on a 3,000-box model it costs ~0.1 s
  let sourceMap: SourceMap | undefined;
  const mapOf = () => stepSourceMap({ model, layout, optimiser, step, program: stepProgram, wiring, ids });
  const evaluateProgram = lower(evaluate);
  return {
    model,
    loss,
    optimiser,
    cap: capKind,
    layout,
    step,
    stepProgram,
    fusedStepProgram: fuseProgram(stepProgram),
    get sourceMap() {
      sourceMap ??= mapOf();
      return sourceMap;
    },
    evaluate,
    evaluateProgram,
    fusedEvaluateProgram: fuseProgram(evaluateProgram),
  };
}

/** The step diagram of the header: the model, the loss, α, R of both, and U around them; and where each part landed. */
function drawStep(
  f: Diagram,
  ell: Diagram,
  o: OptimiserLens,
  capKind: Cap,
  layout: StepLayout,
  ids: SourceMap['learner'],
): { step: Diagram; wiring: StepWiring } {
  const types = dom(f);
  const b = new DiagramBuilder();
  const parts = new PartMarks(() => b.boxCount);
  parts.now('optimiser');
  const p = b.inputs(layout.learnt.map((i) => types[i]));
  const takeState = reader(b.inputs(layout.state));
  const own = ownState(o).length;
  const learnt: LearntWire[] = p.map((pj) => ({ p: pj, s: takeState(own) }));
  const shared = takeState(layout.state.length - own * p.length);
  const h = b.inputs(layout.hypers.map(() => scalarType));
  const x = b.inputs(layout.fixed.map((i) => types[i]));
  const y = b.input(layout.prediction);
  const got = drawGet(b, o, learnt, h, ids.optimiser);
  const inputs = types.map((_, i) => {
    const j = layout.learnt.indexOf(i);
    return j >= 0 ? got[j] : x[layout.fixed.indexOf(i)];
  });
  parts.now('model');
  const fwd = b.inlineMapped(f, inputs);
  const [yhat] = fwd.outputs;
  parts.now('loss');
  const [l] = b.inline(ell, [yhat, y], { source: ids.loss, pass: 'forward' });
  parts.now('learning-rate');
  const alpha = { source: ids['learning-rate'], pass: 'backward' } as const;
  const epsilon = h[layout.hypers.indexOf('learningRate')];
  const [dl] = tagged(b, alpha, [l, epsilon], (sub, [lw, e]) => [cap(sub, capKind, lw, e)]);
  parts.now('loss');
  const [dyhat] = b.inline(rdiff(ell), [yhat, y, dl], { source: ids.loss });
  parts.now('model');
  const rf = rdiffMapped(f);
  const rev = b.inlineMapped(rf.diagram, [...inputs, dyhat]);
  const dInputs = rev.outputs;
  parts.now('optimiser');
  const changes = learnt.map((w, j) => ({ ...w, dp: dInputs[layout.learnt[j]] }));
  const next = drawPut(b, o, changes, shared, h, ids.optimiser);
  b.outputs([...next.learnt.map((w) => w.p), ...next.learnt.flatMap((w) => w.s), ...next.shared, l, yhat]);
  const step = b.build(`${o.kind} ▷ (${printTerm(f)} ; ${ell.term} ; α)`);
  return { step, wiring: stepWiring(parts, fwd, rev, rf.map, dl) };
}

function drawEvaluate(f: Diagram, ell: Diagram, prediction: WireType, lossSource: string): Diagram {
  const b = new DiagramBuilder();
  const inputs = b.inputs(dom(f));
  const y = b.input(prediction);
  const [yhat] = b.inline(f, inputs);
  const [l] = b.inline(ell, [yhat, y], { source: lossSource, pass: 'forward' });
  b.outputs([l, yhat]);
  return b.build();
}

/**
 * A learner whose gradients the test chooses: the model is
 *
 *   ŷ = bias(p_m, scale(… scale(bias(p₁, x), c) …, c))      (for m = 2: ŷ = p₂ + c·(x + p₁))
 *
 * with the dot loss ℓ(ŷ, y) = ⟨y, ŷ⟩, so that on one example the change reaching p_j is
 * α · c^(m−j) · y: the label is the gradient. This runs each optimiser lens through the very
 * step that trains (learner assembly, rdiff, lowering, fusion, the runner), not a copy of it.
 */
import type { CompiledModel } from '../compile/types';
import { DiagramBuilder } from '../core/builder';
import { param, real } from '../core/wire';
import { assembleLearner, type Learner } from '../learn/learner';
import type { Hypers, OptimiserKind } from '../learn/optimisers/index';
import { initialState } from '../learn/params';
import { createRunner, type EngineName, type StepRunner } from '../learn/runners/index';

export function givenGradientModel(n: number, params: number, c: number): CompiledModel {
  const b = new DiagramBuilder();
  const ps = Array.from({ length: params }, () => b.input(param([n])));
  let y = b.input(real([n]));
  ps.forEach((p, j) => {
    if (j > 0) y = b.op('scale', [y], { c });
    y = b.op('bias', [p, y], {}, { source: `p${j + 1}` });
  });
  b.output(y);
  return {
    diagram: b.build(),
    params: ps.map((_, j) => ({ name: `p${j + 1}`, type: param([n]), init: { kind: 'zeros' }, source: `p${j + 1}` })),
    inputs: [{ box: 'x', role: 'features', type: real([n]) }],
    outputs: [{ box: 'y', port: 'y', type: real([n]) }],
    loss: { kind: 'dot' },
    learningRate: null,
    optimiser: null,
    term: 'given gradient',
  };
}

/** The learner of `optimiser` on that model: m = `params` vectors of n numbers. */
export function givenGradientLearner(optimiser: OptimiserKind, n: number, params: number, c = 2): Learner {
  return assembleLearner(givenGradientModel(n, params, c), { optimiser });
}

export interface GivenGradientRun {
  readonly runner: StepRunner;
  /** One step with gradient g for p_m (c^(m−j)·g for p_j); returns the step's predictions. */
  step(g: readonly number[]): ArrayLike<number>;
}

/**
 * `p0[j]` starts p_{j+1}; gradients and starting values are read as float32 (rows are float32).
 * `stateInit`, when not empty, replaces the optimiser's initial value of each state wire.
 */
export function givenGradientRun(
  learner: Learner,
  hypers: Hypers,
  p0: readonly (readonly number[])[],
  engine: EngineName,
  stateInit: readonly number[] = [],
): GivenGradientRun {
  const n = p0[0].length;
  const { layout } = learner;
  const state = initialState(layout.state, stateInit.length ? stateInit : layout.stateInit);
  const runner = createRunner(
    engine,
    learner,
    p0.map((p) => Float32Array.from(p)),
    state,
  );
  runner.setHypers(hypers);
  const features = new Float32Array(n);
  return {
    runner,
    step: (g) => runner.step({ features, labels: Float32Array.from(g), n: 1 }).predictions,
  };
}

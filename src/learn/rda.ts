/**
 * Reverse Derivative Ascent as its paper runs it (docs/architecture.md, "Boolean circuits"): one
 * pass over the training rows in the order given, one example at a time, each step
 * θ ← θ ⊕ R[f]_θ(θ, x, y ⊕ f(θ, x)) — the learner of a ℤ₂ model, whose loss is xor, whose
 * learning rate is the identity and whose optimiser adds mod 2 — then the share of test rows
 * whose whole output equals the label. The trainer shuffles each epoch; this keeps the order,
 * since the paper's figures depend on it.
 */
import type { CompiledModel } from '../compile/types';
import { type Dataset, featureSize, labelSize } from '../data/dataset';
import { assembleLearner } from './learner';
import { initialParams, initialState } from './params';
import { createRunner } from './runners/index';

export interface RdaResult {
  /** Test rows whose every output bit is right, of `n`. */
  readonly correct: number;
  readonly n: number;
  readonly accuracy: number;
  /** The learnt parameter bits, in model order. */
  readonly params: Float32Array[];
}

export function reverseDerivativeAscent(model: CompiledModel, train: Dataset, test: Dataset): RdaResult {
  const learner = assembleLearner(model);
  if (learner.cap !== 'identity') throw new Error('Reverse Derivative Ascent needs a ℤ₂ model with the ℤ₂ (xor) loss');
  const { layout } = learner;
  const runner = createRunner(
    'typed-float64',
    learner,
    initialParams(model, 1),
    initialState(layout.state, layout.stateInit),
  );
  try {
    const [fw, lw] = [featureSize(train), labelSize(train)];
    for (let r = 0; r < train.n; r++) {
      runner.step({
        features: train.features.subarray(r * fw, (r + 1) * fw),
        labels: train.labels.subarray(r * lw, (r + 1) * lw),
        n: 1,
      });
    }
    const { predictions } = runner.evaluate({ features: test.features, labels: test.labels, n: test.n });
    let correct = 0;
    for (let r = 0; r < test.n; r++) {
      let same = true;
      for (let j = 0; j < lw; j++) same &&= predictions[r * lw + j] === test.labels[r * lw + j];
      if (same) correct++;
    }
    return { correct, n: test.n, accuracy: correct / test.n, params: runner.learnt() };
  } finally {
    runner.dispose();
  }
}

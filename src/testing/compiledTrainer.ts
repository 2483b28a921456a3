/**
 * The compiled Program as a bench Trainer: the learn module's learner step, run by its runner
 * on one engine, from the peers' initial weights and batch.
 */

import { assembleLearner } from '../learn/learner';
import { hypersOf } from '../learn/optimisers/index';
import { initialState } from '../learn/params';
import { createRunner, type StepRunner } from '../learn/runners/index';
import { mlpModel } from './mlpModel';
import type { Impl, MakeTrainer, MlpSpec, PlainArray } from './mlpSpec';

/** typed-f32: the typed-array engine in float32; tfjs: the tfjs engine on the live backend. */
export type CompiledEngine = 'typed-f32' | 'tfjs';

export function compiledRunner(spec: MlpSpec, weights: readonly PlainArray[], engine: CompiledEngine): StepRunner {
  const learner = assembleLearner(mlpModel(spec), { optimiser: spec.optimiser.kind, loss: spec.loss });
  const state = initialState(learner.layout.state, learner.layout.stateInit, spec.batch);
  const learnt = weights.map((w) => w.data);
  const runner = createRunner(engine === 'tfjs' ? 'tfjs' : 'typed', learner, learnt, state);
  runner.setHypers(hypersOf(spec.optimiser));
  return runner;
}

export const makeCompiled =
  (engine: CompiledEngine): MakeTrainer =>
  (spec, weights, batch) => {
    const runner = compiledRunner(spec, weights, engine);
    const rows = { features: batch.x.data, labels: batch.y.data, n: spec.batch };
    return {
      async step() {
        const { loss } = runner.step(rows);
        let sum = 0;
        for (let i = 0; i < loss.length; i++) sum += loss[i];
        return sum;
      },
      dispose: () => runner.dispose(),
    };
  };

export const compiledImpl = (engine: CompiledEngine): Impl => ({ name: 'compiled', make: makeCompiled(engine) });

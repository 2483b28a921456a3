/** Picks the runner for an engine name; 'tfjs' runs on whichever tfjs backend is live. */
import type { Learner } from '../learner';
import { createTfjsRunner } from './tfjs';
import { createTypedRunner } from './typed';
import type { EngineName, Floats, FrozenValues, StepRunner } from './types';

export * from './types';

export function createRunner(
  engine: EngineName,
  learner: Learner,
  learnt: readonly Floats[],
  state: readonly Floats[],
  frozen: FrozenValues = [],
): StepRunner {
  if (engine === 'tfjs') return createTfjsRunner(learner, learnt, state, frozen);
  return createTypedRunner(learner, learnt, state, engine === 'typed' ? 'float32' : 'float64', frozen);
}

/**
 * The iris-hidden run for the plain loop (./plainIris), read from the same training session as
 * Lensboard's run: the trainer's initial weights by parameter box, its rows, the seeded order
 * of each epoch (BatchViews' permutation) and the document's learning rate.
 */
import { mixSeeds, permutation } from '../../src/data/random';
import type { Trainer } from '../../src/learn/trainer';
import type { IrisWeights, PlainIrisRun } from './plainIris';

/** The parameter boxes of src/io/examples/iris-hidden.json. */
const BOXES = ['W1', 'b1', 'W2', 'b2'] as const;

/** The trainer's current weights (float32, as it hands them out), by parameter box, in doubles. */
export function irisWeightsOf(trainer: Trainer): IrisWeights {
  // a parameter box's value is its output port W
  const names = trainer.learner.model.params.map((p) => p.name);
  const weights = trainer.weights();
  const pick = (box: (typeof BOXES)[number]) => {
    const at = names.indexOf(`${box}.W`);
    if (at < 0) throw new Error(`plain iris loop: no parameter box '${box}' in the model (it has ${names.join(', ')})`);
    return Float64Array.from(weights[at]);
  };
  return { W1: pick('W1'), b1: pick('b1'), W2: pick('W2'), b2: pick('b2') };
}

/** The plain loop's start and run, for `epochs` epochs of the trainer's settings (before it runs). */
export function plainRunOf(trainer: Trainer, epochs: number): { start: IrisWeights; run: PlainIrisRun } {
  const { settings, train } = trainer;
  if (settings.batchSize !== 1)
    throw new Error(`plain iris loop: batch 1 only, the trainer's is ${settings.batchSize}`);
  const start = irisWeightsOf(trainer);
  const orders = Array.from({ length: epochs }, (_, e) => permutation(train.n, mixSeeds(settings.seed, e)));
  const epsilon = trainer.hypers().learningRate;
  return { start, run: { features: train.features, labels: train.labels, orders, epsilon } };
}

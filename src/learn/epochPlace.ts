/**
 * Where a count of steps stands in a run's epochs. A run's weights may be kept, or written as a
 * model file, between two steps of an epoch: paused there, stepped on past a finished run, or a
 * dead worker's last copy. `epochsDone` counts whole epochs only, so such weights stand
 * `stepsDone − epochsDone × stepsPerEpoch` steps into epoch `epochsDone + 1`
 * (docs/model-format.md, `trainingConfig`).
 */

/**
 * The batches of epoch `epochsDone + 1` already taken after `stepsDone` steps in all, which a
 * run resumed from them goes on after in the same seeded order; 0 at an epoch's end.
 */
export function batchesTaken(stepsDone: number, epochsDone: number, perEpoch: number): number {
  const into = stepsDone - epochsDone * perEpoch;
  return into > 0 && into < perEpoch ? into : 0;
}

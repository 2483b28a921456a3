/**
 * A failure as the trainer reports it: the first step that computed a NaN or ±∞ and the box
 * that did (./firstNonFinite), where the weights were rolled back to, in one sentence too.
 */

export interface RollBack {
  readonly runner: StepRunner;
  readonly learner: Learner;
  readonly guard: FiniteGuard;
  /** The training rows and how the run cut them: the batches of step n are found again from these. */
  readonly train: Dataset;
  readonly batchSize: number;
  readonly seed: number;
  readonly boxName?: (id: string) => string;
}

/**
 * Back to the last finite step: replays from the last confirmed values (the guard's) to the
 * first step that computed a non-finite value, and leaves the runner just before it.
 */
export function rollBack({ runner, learner, guard, train, batchSize, seed, boxName }: RollBack): NonFinite {
  const known = guard.failure;
  if (!known) throw new Error('rollBack without a failure');
  const perEpoch = Math.ceil(train.n / batchSize);
  const views = new BatchViews(train, batchSize);
  let shuffled = -1;
  let epochRows: readonly Batch[] = [];
  const rowsOf = (step: number) => {
    const epoch = Math.floor((step - 1) / perEpoch);
    if (epoch !== shuffled) {
      shuffled = epoch;
      epochRows = views.epoch(seed, epoch);
    }
    return epochRows[(step - 1) % perEpoch];
  };
  const found = replay(runner, learner, known.after, known.by, rowsOf);
  return failureOf(found, known, perEpoch, boxName);
}

import { type Batch, BatchViews, type Dataset } from '../data/dataset';
import { type Found, replay } from './firstNonFinite';
import type { FiniteGuard } from './guard';
import type { Learner } from './learner';
import type { StepRunner } from './runners/types';
import type { NonFinite } from './trainerTypes';

/** The learner's own lenses, when no drawn box stands for them. */
const LENSES: Readonly<Record<string, string>> = {
  optimiser: 'the optimiser',
  'learning-rate': 'the learning rate α',
};

const whatText = { loss: 'its loss is not finite', values: 'it made a weight or optimiser state not finite' };

const byId = (id: string) => LENSES[id] ?? `'${id}'`;

/** Names a box by the document's label and id: `'hidden layer' (dense1)`; the lenses in words. */
export function boxNamer(boxes: readonly { readonly id: string; readonly label?: string }[]): (id: string) => string {
  const labels = new Map(boxes.map((b) => [b.id, b.label]));
  return (id) => {
    const label = labels.get(id);
    return label ? `'${label}' (${id})` : byId(id);
  };
}

export function failureOf(
  found: Found | null,
  known: { readonly cause: 'loss' | 'values'; readonly after: { readonly step: number }; readonly by: number },
  perEpoch: number,
  boxName: (id: string) => string = byId,
): NonFinite {
  const step = found?.step ?? known.by;
  const epoch = Math.floor((step - 1) / perEpoch);
  const rolledBackTo = found ? step - 1 : known.after.step;
  const back = `the weights are rolled back to step ${rolledBackTo}`;
  if (!found) {
    const message = `training stopped at step ${known.by} (epoch ${epoch + 1}): ${whatText[known.cause]}; replaying the steps did not find it again; ${back}`;
    return {
      step,
      epoch,
      what: known.cause,
      box: null,
      boxName: null,
      generator: null,
      pass: null,
      rolledBackTo,
      message,
    };
  }
  const name = found.box === null ? null : boxName(found.box);
  const where = found.what === 'data' ? 'its data holds a NaN or ±∞' : whatText[found.what];
  const who =
    name === null
      ? ''
      : found.what === 'data'
        ? `, fed by ${name}`
        : `; the first box whose output is not finite is ${name} (${found.generator}, ${found.pass} pass)`;
  const message = `training stopped at step ${step} (epoch ${epoch + 1}): ${where}${who}; ${back}`;
  return { ...found, epoch, boxName: name, rolledBackTo, message };
}

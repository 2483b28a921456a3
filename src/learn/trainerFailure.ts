/**
 * A failure as the trainer reports it: the first step that computed a NaN or ±∞ and the box
 * that did (./firstNonFinite), where the weights were rolled back to, in one sentence too.
 */
import type { Found } from './firstNonFinite';
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

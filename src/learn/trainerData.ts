/**
 * What the trainer checks of a dataset against its learner, and evaluation of a whole dataset
 * in chunks (forward Program only, no step).
 */
import { sameShape } from '../core/shape';
import { type Dataset, featureSize, labelSize } from '../data/dataset';
import type { Learner } from './learner';
import { type LabelReading, type Metrics, Tally } from './metrics';
import type { StepRunner } from './runners/types';

export function checkData(learner: Learner, ds: Dataset): void {
  const { layout, model } = learner;
  // the data input follows the parameters on the model's boundary, learnt (a dream) or not
  const nData = model.diagram.inputs.length - model.params.length;
  if (nData !== 1) throw new Error(`the trainer feeds one data input; this model has ${nData}`);
  const x = model.diagram.wires[model.diagram.inputs[model.params.length]];
  if (!sameShape(x.shape, ds.featureShape)) {
    throw new Error(
      `the model's input is [${x.shape.join(',')}] but ${ds.name} has features [${ds.featureShape.join(',')}]`,
    );
  }
  if (!sameShape(layout.prediction.shape, ds.labelShape)) {
    throw new Error(
      `the model's output is [${layout.prediction.shape.join(',')}] but ${ds.name} has labels [${ds.labelShape.join(',')}]`,
    );
  }
  if (ds.n === 0) throw new Error(`${ds.name} has no rows`);
}

const CHUNK = 1024;

export function evaluateRows(runner: StepRunner, ds: Dataset, reading: LabelReading): Metrics {
  const tally = new Tally(reading);
  const [fw, lw] = [featureSize(ds), labelSize(ds)];
  for (let start = 0; start < ds.n; start += CHUNK) {
    const n = Math.min(CHUNK, ds.n - start);
    const rows =
      n === ds.n
        ? ds
        : {
            features: ds.features.subarray(start * fw, (start + n) * fw),
            labels: ds.labels.subarray(start * lw, (start + n) * lw),
            n,
          };
    const out = runner.evaluate(rows);
    tally.add(out.loss, out.predictions, rows.labels, n);
  }
  return tally.read();
}

/**
 * Model files of untrained learners that record their dataset's preparation, as Export model and
 * `npm run train` write them: for tests of predicting from raw rows (docs/model-format.md,
 * *The preparation*). The weights are the initial ones; the rows a test predicts do not care.
 */
import type { Dataset } from '../data/dataset';
import { loadExample } from '../io/examples';
import { datasetRecord, writeModelFile } from '../learn/modelFile';
import { openSession } from '../learn/session';

/** The example `example` bound to `dataset`, written as a model file before any step. */
export async function preparedModelText(example: string, dataset: Dataset): Promise<string> {
  const document = loadExample(example);
  const session = await openSession({ document, settings: { engine: 'typed' } }, async () => dataset);
  const binding = document.dataset ?? { id: dataset.name, options: {} };
  const text = writeModelFile({
    document: session.document,
    dataset: datasetRecord(dataset, binding),
    trainer: session.trainer,
    epochsDone: 0,
    stepsDone: 0,
    metrics: { train: null, test: null },
  });
  session.trainer.dispose();
  return text;
}

/**
 * Table 1 of Reverse Derivative Ascent (Wilson & Zanasi, ACT 2020) from the example documents
 * `rda-iris2` and `rda-iris3`: the binarised Iris bound by the document (each feature min–max
 * normalised over the rows in use, 1 above 0.5), the first 25 rows of each class for training
 * in file order, one pass of RDA over the drawn lookup table, exact match on the other rows.
 */
import { compileDocument } from '../../compile/compile';
import type { DatasetOptions } from '../../data/catalog';
import { loadDatasetNode } from '../../data/catalogNode';
import { splitPerClass } from '../../data/iris';
import { loadExample } from '../../io/examples/index';
import { type RdaResult, reverseDerivativeAscent } from '../../learn/rda';

/** Training rows per class, as the paper's `splitTrainTest 25`. */
export const RDA_TRAIN_PER_CLASS = 25;

export type IrisRows = 'uci' | 'corrected';

export async function runRda(example: string, rows: IrisRows): Promise<RdaResult> {
  const document = loadExample(example);
  if (!document.dataset) throw new Error(`example '${example}' binds no dataset`);
  const options = { ...(document.dataset.options as DatasetOptions | undefined), rows };
  const dataset = await loadDatasetNode(document.dataset.id, options);
  const compiled = compileDocument(document, {
    datasetShapes: { featureShape: dataset.featureShape, labelShape: dataset.labelShape, field: 'z2' },
    requireLoss: true,
  });
  if (!compiled.model) throw new Error(compiled.errors.map((e) => e.message).join('\n'));
  const { train, test } = splitPerClass(dataset, RDA_TRAIN_PER_CLASS);
  return reverseDerivativeAscent(compiled.model, train, test);
}

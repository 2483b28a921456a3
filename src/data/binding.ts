/**
 * What a document's dataset binding will give, without loading it: feature and label shapes
 * and the task, for the catalog's datasets (following their options) and for an imported CSV
 * (from the roles its binding records). Options are checked on the way; a refusal names its
 * JSON path (`dataset.options.n = … is out of range …`).
 */
import { catalog, datasetIds, entryShapes, type Shapes } from './catalog';
import { CSV_DATASET_ID, csvShapes, readCsvBinding } from './csvBinding';
import type { Task } from './dataset';

export interface BindingShapes extends Shapes {
  readonly task: Task;
}

export function bindingShapes(id: string, options: Readonly<Record<string, unknown>> = {}): BindingShapes {
  if (id === CSV_DATASET_ID) {
    const csv = readCsvBinding(options);
    return { ...csvShapes(csv), task: csv.labelKind === 'classes' ? 'classification' : 'regression' };
  }
  const entry = catalog.get(id);
  if (!entry)
    throw new Error(`unknown dataset ${JSON.stringify(id)}; known: ${datasetIds.join(', ')}, or an imported CSV`);
  const { featureShape, labelShape } = entryShapes(entry, options);
  return { featureShape, labelShape, task: entry.task };
}

/**
 * Document edits for the data panel: the dataset binding and the training settings it shows
 * (the test split). Pure functions; an edit that changes nothing returns the same document, so
 * the store records no undo step for it.
 */
import {
  type DatasetBinding,
  type LensDocument,
  type TrainingSettings,
  TrainingSettingsSchema,
} from '../../io/document';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function bindDataset(doc: LensDocument, binding: DatasetBinding | undefined): LensDocument {
  if (same(doc.dataset, binding)) return doc;
  if (binding) return { ...doc, dataset: { id: binding.id, options: { ...binding.options } } };
  const { dataset: _, ...rest } = doc;
  return rest;
}

/**
 * Merges `patch` into the training settings (the schema's defaults fill what the document never
 * set); throws, changing nothing, on a value the schema refuses.
 */
export function patchTraining(doc: LensDocument, patch: Partial<TrainingSettings>): LensDocument {
  const training = TrainingSettingsSchema.parse({ ...doc.training, ...patch });
  return same(doc.training, training) ? doc : { ...doc, training };
}

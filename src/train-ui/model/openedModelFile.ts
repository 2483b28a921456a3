/**
 * An opened model file written again from its own parts (./modelExport says when): its own
 * module, so the model file's writer loads when Export model is pressed, not with the page.
 */
import type { OpenedModel } from '../../editor/store/types';
import { type ModelParts, modelArchiveChunks, modelFileText, needsArchive } from '../../io/modelWrite';

/**
 * An opened model file written again: its diagram as opened, its training, metrics and weights,
 * and the fields this Lensboard does not know (a newer minor version's), as they were.
 */
export function openedModelText(opened: OpenedModel, createdAt?: Date): string {
  return modelFileText(openedParts(opened, createdAt));
}

/** The file Export model saves: the JSON form, or the archive's chunks for weights too big for it. */
export type SavedModel = { readonly text: string } | { readonly chunks: readonly (ArrayBuffer | Uint8Array)[] };

export function openedModelFile(opened: OpenedModel, createdAt?: Date): SavedModel {
  const parts = openedParts(opened, createdAt);
  return needsArchive(parts.weights) ? { chunks: modelArchiveChunks(parts) } : { text: modelFileText(parts) };
}

function openedParts(opened: OpenedModel, createdAt?: Date): ModelParts {
  const { model } = opened;
  return {
    diagram: opened.doc,
    trainingConfig: model.trainingConfig,
    metrics: model.metrics,
    weights: opened.weights,
    createdAt,
    trainedOn: model.trainedOn,
    carried: opened.carried,
  };
}

/**
 * The trained model as one JSON file, for now: the document plus its weights by name. A model
 * format with a weights manifest and base64 weight data (docs/architecture.md) will replace it;
 * until then it is kept to this one small function so that only it changes. Nothing reads these
 * drafts back yet: the reader comes with that format.
 */

import type { CompiledModel } from '../compile/types';
import type { LensDocument } from '../io/document';

export const MODEL_DRAFT_FORMAT = 'lensboard-model-draft';

export interface NamedWeights {
  readonly name: string;
  readonly shape: readonly number[];
  readonly values: readonly number[];
}

export interface ModelFileDraft {
  readonly format: typeof MODEL_DRAFT_FORMAT;
  readonly document: LensDocument;
  readonly weights: readonly NamedWeights[];
  /** How the weights were made: settings and final metrics, free-form. */
  readonly training?: Readonly<Record<string, unknown>>;
}

export function modelFile(
  document: LensDocument,
  model: CompiledModel,
  values: readonly Float32Array[],
  training?: Record<string, unknown>,
): ModelFileDraft {
  if (values.length !== model.params.length)
    throw new Error(`${values.length} weight arrays for ${model.params.length} parameters`);
  const weights = model.params.map((p, i) => ({
    name: p.name,
    shape: [...p.type.shape],
    values: Array.from(values[i]),
  }));
  return { format: MODEL_DRAFT_FORMAT, document, weights, ...(training ? { training } : {}) };
}

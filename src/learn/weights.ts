/**
 * The trained model as one JSON file, for now: the document plus its weights by name. The
 * format issue will replace this with DESIGN.md §7's file (weightsManifest, base64 weightData);
 * until then it is kept to these two small functions so that only they change.
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

/** The weights of a draft file in the order of `model.params`, checked by name and shape. */
export function readWeights(file: ModelFileDraft, model: CompiledModel): Float32Array[] {
  if (file.format !== MODEL_DRAFT_FORMAT) throw new Error(`not a ${MODEL_DRAFT_FORMAT} file`);
  const byName = new Map(file.weights.map((w) => [w.name, w]));
  return model.params.map((p) => {
    const w = byName.get(p.name);
    if (!w) throw new Error(`the file has no weights for '${p.name}'`);
    const size = p.type.shape.reduce((a, n) => a * n, 1);
    if (w.shape.join() !== p.type.shape.join() || w.values.length !== size) {
      throw new Error(`'${p.name}' is [${w.shape.join(',')}] in the file but [${p.type.shape.join(',')}] in the model`);
    }
    return Float32Array.from(w.values);
  });
}

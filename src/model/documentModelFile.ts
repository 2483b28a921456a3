/**
 * A document without weights as a model file to export: compiled as a run would compile it, its
 * parameters drawn by the document's seeded initialisers (what the first step of a run in the
 * app starts from), no optimiser state, and the training settings the document names with
 * every hyper-parameter filled in. It needs the compiler, the data and the learner, so it stands
 * on the model floor (docs/architecture.md), below the exports and commands that read it.
 */
import { compileDocument } from '../compile/compile';
import { bindingShapes } from '../data/binding';
import type { LensDocument } from '../io/document';
import type { ModelFile, NamedArray } from '../io/modelSchema';
import { buildModelFile } from '../io/modelWrite';
import { hypersOf } from '../learn/optimisers/index';
import { initialParams } from '../learn/params';

/** Thrown with every reason the document makes no model file (no dataset, a bad binding, compile errors). */
export class DocumentModelError extends Error {
  constructor(readonly reasons: readonly string[]) {
    super(reasons.join('\n'));
    this.name = 'DocumentModelError';
  }
}

export interface ModelFileParts {
  readonly file: ModelFile;
  readonly weights: NamedArray[];
}

/** `doc` as a model file; `params` replaces the initial weights (in the compiler's order). */
export function documentModelFile(doc: LensDocument, params?: readonly ArrayLike<number>[]): ModelFileParts {
  if (!doc.dataset)
    throw new DocumentModelError(['the document is bound to no dataset, so its input shape is unknown']);
  const binding = doc.dataset;
  let shapes: ReturnType<typeof bindingShapes>;
  try {
    shapes = bindingShapes(binding.id, binding.options);
  } catch (e) {
    throw new DocumentModelError([(e as Error).message]);
  }
  const field = shapes.task === 'boolean' ? 'z2' : 'real';
  const r = compileDocument(doc, { requireLoss: true, datasetShapes: { ...shapes, field } });
  if (!r.model) throw new DocumentModelError(r.errors.map((e) => (e.box ? `box '${e.box}': ${e.message}` : e.message)));
  const model = r.model;
  const seed = doc.training?.seed ?? 1;
  const arrays = params ?? initialParams(model, seed);
  const weights: NamedArray[] = model.params.map((p, i) => ({
    name: p.name,
    shape: [...p.type.shape],
    group: 'model',
    data: Float32Array.from(arrays[i]),
  }));
  const optimiser = model.optimiser ?? { kind: 'gd' as const, learningRate: model.learningRate ?? 0.01 };
  const file = buildModelFile({
    diagram: doc,
    trainingConfig: {
      dataset: {
        id: binding.id,
        options: { ...binding.options },
        featureShape: [...shapes.featureShape],
        labelShape: [...shapes.labelShape],
        task: shapes.task,
      },
      loss: model.loss?.kind ?? 'mse',
      optimiser: { kind: optimiser.kind, ...hypersOf(optimiser) },
      seed,
      batchSize: doc.training?.batchSize ?? 32,
      testFraction: doc.training?.testFraction ?? 0,
      epochsDone: 0,
      stepsDone: 0,
    },
    metrics: { train: null, test: null },
    weights,
    createdAt: new Date(0),
  });
  return { file, weights };
}

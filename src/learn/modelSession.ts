/**
 * A trainer that continues a model file: the file's dataset (with its options), diagram,
 * settings and hyper-parameters, its weights and optimiser state, and the count of epochs and
 * steps done, so that the next epoch shuffles as it would have in one long run. Explicit
 * settings (the CLI's flags) win over the file's, as they win over a document's.
 */
import { compileDocument } from '../compile/compile';
import type { CompiledModel } from '../compile/types';
import { type DatasetOptions, loadDataset } from '../data/catalog';
import type { ModelFile, NamedArray } from '../io/modelSchema';
import { partialStart, trainerStart, wantedWeights } from './modelFile';
import { getOptimiser, type OptimiserLens } from './optimisers/index';
import { type Session, SessionError } from './session';
import { resolveSettings, type TrainerSettings } from './settings';
import { createTrainer } from './trainer';

export interface ModelSessionRequest {
  readonly model: ModelFile;
  readonly weights: readonly NamedArray[];
  /** `epochs` is how many more to train (default 1). */
  readonly settings?: Partial<TrainerSettings>;
  /**
   * Weights given from outside (an imported ONNX file's): they hold every parameter and no
   * optimiser state, so the optimiser's state starts afresh (docs/cli.md, "ONNX files").
   */
  readonly given?: boolean;
}

const where = (path: string, message: string) => (path ? `${path}: ${message}` : message);

export async function openModelSession(req: ModelSessionRequest, load = loadDataset): Promise<Session> {
  const { model: file } = req;
  const t = file.trainingConfig;
  const dataset = await load(t.dataset.id, t.dataset.options as DatasetOptions);
  const datasetShapes = {
    featureShape: dataset.featureShape,
    labelShape: dataset.labelShape,
    field: dataset.task === 'boolean' ? 'z2' : 'real',
  } as const;
  const compiled = compileDocument(file.diagram, { datasetShapes, requireLoss: true });
  if (!compiled.model)
    throw new SessionError(compiled.errors.map((e) => where(e.box ? `diagram box '${e.box}'` : 'diagram', e.message)));
  const settings: TrainerSettings = {
    epochs: 1,
    batchSize: t.batchSize,
    seed: t.seed,
    testFraction: t.testFraction,
    loss: t.loss,
    ...req.settings,
    optimiser: { ...t.optimiser, ...req.settings?.optimiser },
  };
  const resolved = resolveSettings(compiled.model, settings);
  const optimiser = getOptimiser(resolved.optimiser);
  const start = req.given
    ? trainerStart(withFreshState(req.weights, t, compiled.model, optimiser), t, compiled.model, optimiser)
    : trainerStart(req.weights, t, compiled.model, optimiser);
  if (!start.ok) throw new SessionError(start.errors.map((e) => where(e.path, e.message)));
  return {
    document: file.diagram,
    dataset,
    trainer: createTrainer(compiled.model, dataset, settings, { start: start.start }),
  };
}

/** The given parameters with the optimiser's initial state named beside them (a missing parameter stays missing). */
function withFreshState(
  weights: readonly NamedArray[],
  t: ModelFile['trainingConfig'],
  model: CompiledModel,
  optimiser: OptimiserLens,
): NamedArray[] {
  const fresh = partialStart([], t, model, optimiser, t.seed).start.state;
  const state = wantedWeights(model, optimiser).slice(model.params.length);
  const params = weights.filter((w) => w.group === 'model');
  return [
    ...params,
    ...state.map((w, i) => ({ name: w.name, shape: [...w.shape], group: w.group, data: Float32Array.from(fresh[i]) })),
  ];
}

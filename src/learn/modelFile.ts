/**
 * A trainer's run as a model file, and a model file as the start of a trainer's run. The
 * parameters are named as the compiler names them, the optimiser's state as modelNames.ts
 * does; reading picks each by name and shape, so a file whose diagram compiles to other
 * parameters is refused naming the weight, never loaded out of order.
 */

import type { CompiledModel } from '../compile/types';
import type { Dataset } from '../data/dataset';
import { recordedPreparation } from '../data/preparation';
import type { LensDocument } from '../io/document';
import { matchWeights, type WantedWeight } from '../io/modelMatch';
import type { DatasetRef, ModelMetrics, NamedArray, TrainingConfig } from '../io/modelSchema';
import { STEP_COUNT, type WeightIssue } from '../io/modelWeights';
import { type ModelParts, modelFileText } from '../io/modelWrite';
import type { Metrics } from './metrics';
import { documentForModel } from './modelDocument';
import { stateEntries } from './modelNames';
import type { OptimiserKind, OptimiserLens } from './optimisers/index';
import { initialParams } from './params';
import type { Trainer, TrainerStart } from './trainer';

/**
 * What a model file records of the dataset a run trained on, bound as `binding`: the binding,
 * the data's shapes and task, and its preparation (docs/model-format.md, *The preparation*).
 */
export function datasetRecord(
  dataset: Dataset,
  binding: { readonly id: string; readonly options?: object },
): DatasetRef {
  const options: Record<string, unknown> = { ...binding.options };
  return {
    id: binding.id,
    options,
    featureShape: [...dataset.featureShape],
    labelShape: [...dataset.labelShape],
    task: dataset.task,
    preparation: recordedPreparation(dataset, { id: binding.id, options }),
  };
}

/** Every weight a learner carries, in the order a runner takes them: parameters, then state. */
export function wantedWeights(model: CompiledModel, optimiser: OptimiserLens): WantedWeight[] {
  const params = model.params;
  return [
    ...params.map((p) => ({ name: p.name, shape: [...p.type.shape], group: 'model' as const })),
    ...stateEntries(params, optimiser).map((e) => ({ name: e.name, shape: e.shape, group: 'optimizer' as const })),
  ];
}

/**
 * The weights and optimiser state a file keeps of a run, by name. A dream (docs/dreaming.md)
 * keeps the fixed weights only: its optimiser state is the input's, not theirs.
 */
export function savedWeights(trainer: Trainer): NamedArray[] {
  const { learner } = trainer;
  const wanted = wantedWeights(learner.model, learner.optimiser);
  const training = trainer.learn === 'weights';
  const arrays = [...trainer.weights(), ...(training ? trainer.optimiserState() : [])];
  return wanted.slice(0, arrays.length).map((w, i) => ({ ...w, data: arrays[i] }));
}

export interface TrainerSnapshot {
  readonly document: LensDocument;
  readonly dataset: DatasetRef;
  readonly trainer: Trainer;
  /** Epochs and steps done so far, counting those of a model the run resumed. */
  readonly epochsDone: number;
  readonly stepsDone: number;
  readonly metrics: { readonly train: Metrics | null; readonly test: Metrics | null };
  readonly createdAt?: Date;
}

const setMetrics = (m: Metrics | null) =>
  m && Number.isFinite(m.loss) ? { loss: m.loss, accuracy: m.accuracy } : null;

/**
 * Adam's t as the file states it, a whole number (docs/model-format.md, *The step count*): the
 * engine's float32 t while it is exact, else counted from the run's steps (the float stops at 2²⁴).
 */
function stepCount(weights: readonly NamedArray[], trainer: Trainer, stepsDone: number): { optimiserSteps?: number } {
  const t = weights.find((w) => w.group === 'optimizer' && w.name === STEP_COUNT);
  if (!t) return {};
  const float = t.data[0];
  return { optimiserSteps: float < 2 ** 24 ? float : (trainer.optimiserSteps(stepsDone) ?? float) };
}

export function modelParts(s: TrainerSnapshot): ModelParts {
  const { trainer } = s;
  const learner = trainer.learner;
  const weights = savedWeights(trainer);
  const h = trainer.hypers();
  const trainingConfig: TrainingConfig = {
    dataset: s.dataset,
    loss: learner.loss.kind,
    optimiser: { kind: learner.optimiser.kind as OptimiserKind, ...h },
    seed: trainer.settings.seed,
    batchSize: trainer.settings.batchSize,
    testFraction: trainer.settings.testFraction ?? 0,
    epochsDone: s.epochsDone,
    stepsDone: s.stepsDone,
    ...stepCount(weights, trainer, s.stepsDone),
  };
  const metrics: ModelMetrics = { train: setMetrics(s.metrics.train), test: setMetrics(s.metrics.test) };
  // trainingConfig and the drawn boxes agree (docs/model-format.md, "One learning rate"): a run's
  // --lr or changed hyper-parameters are written into the learning-rate and optimiser boxes too
  const diagram = documentForModel(s.document, trainingConfig);
  return { diagram, trainingConfig, metrics, weights, createdAt: s.createdAt, trainedOn: { engine: trainer.engine } };
}

/** What the app's Export model and the CLI's --out write. */
export const writeModelFile = (s: TrainerSnapshot): string => modelFileText(modelParts(s));

export type StartResult = { ok: true; start: TrainerStart } | { ok: false; errors: WeightIssue[] };

/** A file's weights and state as a trainer's start, checked against the learner it will run. */
export function trainerStart(
  weights: readonly NamedArray[],
  config: Pick<TrainingConfig, 'epochsDone' | 'stepsDone' | 'optimiserSteps'>,
  model: CompiledModel,
  optimiser: OptimiserLens,
): StartResult {
  const matched = matchWeights(weights, wantedWeights(model, optimiser));
  if (!matched.ok) return matched;
  const k = model.params.length;
  return {
    ok: true,
    start: {
      params: matched.arrays.slice(0, k),
      state: matched.arrays.slice(k),
      epochsDone: config.epochsDone,
      stepsDone: config.stepsDone,
      ...(config.optimiserSteps === undefined ? {} : { optimiserSteps: config.optimiserSteps }),
    },
  };
}

/**
 * A start from whatever of `weights` still fits an edited diagram: each parameter and optimiser
 * state whose name (box and port) and shape are unchanged keeps its values; the others start as
 * a fresh run would (the diagram's initialisers with `seed`, the optimiser's initial state).
 */
export function partialStart(
  weights: readonly NamedArray[],
  config: Pick<TrainingConfig, 'epochsDone' | 'stepsDone' | 'optimiserSteps'>,
  model: CompiledModel,
  optimiser: OptimiserLens,
  seed: number,
): { start: TrainerStart; kept: string[]; fresh: string[] } {
  const given = new Map(weights.map((w) => [`${w.group}:${w.name}`, w]));
  const wanted = wantedWeights(model, optimiser);
  const params = initialParams(model, seed);
  const k = params.length;
  const stateInit = stateEntries(model.params, optimiser);
  const kept: string[] = [];
  const fresh: string[] = [];
  const arrays = wanted.map((w, i) => {
    const got = given.get(`${w.group}:${w.name}`);
    const fits = got && got.shape.length === w.shape.length && got.shape.every((n, j) => n === w.shape[j]);
    (fits ? kept : fresh).push(w.name);
    if (fits) return Float32Array.from(got.data);
    if (i < k) return params[i];
    const e = stateInit[i - k];
    return new Float32Array(e.shape.reduce((p, n) => p * n, 1)).fill(e.init);
  });
  return {
    start: {
      params: arrays.slice(0, k),
      state: arrays.slice(k),
      epochsDone: config.epochsDone,
      stepsDone: config.stepsDone,
      // a step count kept with its state; a fresh one starts at 0, read off the state
      ...(config.optimiserSteps !== undefined && kept.includes(STEP_COUNT)
        ? { optimiserSteps: config.optimiserSteps }
        : {}),
    },
    kept,
    fresh,
  };
}

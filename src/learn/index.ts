/**
 * src/learn's public face: losses, the learning-rate cap, optimiser lenses, learner assembly,
 * the trainer (in-process or in a worker) and the model file draft. The compiler (./compile)
 * and the backend choice (./backend) have their own entry points.
 */

export * from './explain/index';
export { assembleLearner, type Learner, type LearnerOptions, type StepLayout } from './learner';
export { type Cap, cap, capDiagram } from './learningRate';
export { getLoss, type Loss, type LossKind, lossDiagram, losses, lossKinds } from './losses/index';
export { type LabelReading, labelReading, type Metrics, Tally } from './metrics';
export {
  ADAGRAD_INITIAL_ACCUMULATOR,
  DEFAULT_HYPERS,
  getOptimiser,
  type HyperName,
  type Hypers,
  hypersOf,
  type OptimiserKind,
  type OptimiserLens,
  optimisers,
  updateDiagram,
} from './optimisers/index';
export { initialParams, initialState } from './params';
export { createRunner, ENGINE_NAMES, type EngineName, type StepRunner, type StepTrace } from './runners/index';
export { openSession, type Session, SessionError, type SessionRequest } from './session';
export { resolveSettings, type TrainerSettings } from './settings';
export type { BufferKind, BufferRole, Part, SourceMap, StepSource } from './sourceMap';
export {
  createTrainer,
  type EnginePick,
  type EpochMetrics,
  type StepMetrics,
  Trainer,
  type TrainerStatus,
  type TrainResult,
} from './trainer';
export { spawnTrainer, TrainerClient, type WorkerLike } from './trainerClient';
export type { FromWorker, Ready, Snapshot, StartRequest, ToWorker } from './trainProtocol';
export { MODEL_DRAFT_FORMAT, type ModelFileDraft, modelFile, type NamedWeights, readWeights } from './weights';

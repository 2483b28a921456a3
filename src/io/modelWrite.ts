/**
 * A model file from its parts. Keys are written in one fixed order and the document is put in
 * the schema's own order first, so that writing what was read gives the same bytes (only
 * `createdAt` moves). Weights must be finite: a diverged run is refused here, naming the weight,
 * rather than written as a file nobody can open. A file written again as it was read (`carried`)
 * keeps the fields this Lensboard does not know, and the newer minor version that has them.
 */
import { type Preparation, PreparationSchema } from '../data/preparation';
import { DocumentSchema, type LensDocument } from './document';
import { ARCHIVE_MINOR, ARCHIVE_VERSION, archiveChunks } from './modelArchive';
import {
  MODEL_FORMAT,
  MODEL_MINOR,
  MODEL_VERSION,
  type ModelFile,
  type ModelMetrics,
  type NamedArray,
  type TrainedOn,
  type TrainingConfig,
} from './modelSchema';
import { encodeWeights, firstNonFinite, STEP_COUNT } from './modelWeights';
import { type Carried, withUnknownFields } from './unknownFields';
import { GENERATED_BY } from './version';

export interface ModelParts {
  readonly diagram: LensDocument;
  readonly trainingConfig: TrainingConfig;
  readonly metrics: ModelMetrics | null;
  /** The parameters (group "model") then the optimiser's state (group "optimizer"). */
  readonly weights: readonly NamedArray[];
  readonly createdAt?: Date;
  /** The engine of the run that made the weights; absent when unknown (a file from elsewhere). */
  readonly trainedOn?: TrainedOn;
  /**
   * Given only when writing a file as it was read (its weights and training unchanged): a
   * trained or edited model is a new file, and a field it does not know may no longer be true.
   */
  readonly carried?: Carried;
}

/**
 * The step count once, as a whole number (docs/model-format.md, *The step count*): the
 * manifest's `optimizer/t` is written as float32(optimiserSteps), so the two always agree.
 */
function withStepCount(parts: ModelParts): { weights: readonly NamedArray[]; optimiserSteps?: number } {
  const at = parts.weights.findIndex((w) => w.group === 'optimizer' && w.name === STEP_COUNT);
  if (at < 0) return { weights: parts.weights };
  const steps = parts.trainingConfig.optimiserSteps ?? parts.weights[at].data[0];
  if (!Number.isSafeInteger(steps) || steps < 0)
    throw new Error(`the optimiser's step count ${STEP_COUNT} is ${steps}, not a whole number ≥ 0`);
  const weights = parts.weights.map((w, i) => (i === at ? { ...w, data: Float32Array.of(steps) } : w));
  return { weights, optimiserSteps: steps };
}

/** The preparation's keys in one fixed order, as the schema lists them. */
const writtenPreparation = (p: Preparation): Preparation => PreparationSchema.parse(p);

function checkedWeights(parts: ModelParts): ReturnType<typeof withStepCount> {
  for (const w of parts.weights) {
    const bad = firstNonFinite(w.data);
    if (bad >= 0) throw new Error(`weight '${w.name}' holds ${w.data[bad]} at index ${bad}: training diverged`);
  }
  return withStepCount(parts);
}

export function buildModelFile(parts: ModelParts): ModelFile {
  const counted = checkedWeights(parts);
  const { manifest, weightData } = encodeWeights(counted.weights);
  const file: ModelFile = {
    ...modelHead(
      parts,
      counted.optimiserSteps,
      MODEL_VERSION,
      Math.max(MODEL_MINOR, carriedMinor(parts, MODEL_VERSION)),
    ),
    weightsManifest: manifest,
    weightData,
  };
  return parts.carried ? withUnknownFields(file, parts.carried.fields) : file;
}

/** A carried minor version counts only for the major version it belongs to. */
const carriedMinor = (parts: ModelParts, major: number): number =>
  parts.carried && (parts.carried.formatVersion ?? MODEL_VERSION) === major ? parts.carried.formatMinor : 0;

/** Every field but the weights', in the file's fixed order. */
function modelHead<V extends number>(
  parts: ModelParts,
  optimiserSteps: number | undefined,
  formatVersion: V,
  formatMinor: number,
): Omit<ModelFile, 'formatVersion' | 'weightsManifest' | 'weightData'> & { formatVersion: V } {
  const t = parts.trainingConfig;
  const o = t.optimiser;
  const m = parts.metrics;
  return {
    format: MODEL_FORMAT as typeof MODEL_FORMAT,
    formatVersion,
    formatMinor,
    generatedBy: GENERATED_BY,
    createdAt: (parts.createdAt ?? new Date()).toISOString(),
    diagram: DocumentSchema.parse(parts.diagram),
    trainingConfig: {
      dataset: {
        id: t.dataset.id,
        options: t.dataset.options,
        featureShape: [...t.dataset.featureShape],
        labelShape: [...t.dataset.labelShape],
        task: t.dataset.task,
        ...(t.dataset.preparation ? { preparation: writtenPreparation(t.dataset.preparation) } : {}),
      },
      loss: t.loss,
      optimiser: {
        kind: o.kind,
        learningRate: o.learningRate,
        momentum: o.momentum,
        beta1: o.beta1,
        beta2: o.beta2,
        epsilon: o.epsilon,
      },
      seed: t.seed,
      batchSize: t.batchSize,
      testFraction: t.testFraction,
      epochsDone: t.epochsDone,
      stepsDone: t.stepsDone,
      ...(optimiserSteps === undefined ? {} : { optimiserSteps }),
    },
    metrics: m && {
      train: m.train && { loss: m.train.loss, accuracy: m.train.accuracy },
      test: m.test && { loss: m.test.loss, accuracy: m.test.accuracy },
    },
    ...(parts.trainedOn ? { trainedOn: { engine: parts.trainedOn.engine } } : {}),
  };
}

/**
 * The model as an archive (modelArchive.ts): format version 2, its manifest giving each weight's
 * place in the bytes after it. The chunks are the header with the manifest, then each weight's
 * own bytes, to be written one after another (a stream in Node, a Blob in the browser).
 */
export function modelArchiveChunks(parts: ModelParts): Uint8Array[] {
  const counted = checkedWeights(parts);
  const head = modelHead(
    parts,
    counted.optimiserSteps,
    ARCHIVE_VERSION,
    Math.max(ARCHIVE_MINOR, carriedMinor(parts, ARCHIVE_VERSION)),
  );
  return archiveChunks(counted.weights, (entries) => {
    const manifest = { ...head, weightsManifest: entries };
    return parts.carried ? withUnknownFields(manifest, parts.carried.fields) : manifest;
  });
}

/** What the JSON form of a model with these weights would take, near enough to choose a form. */
export const jsonFormBytes = (weights: readonly NamedArray[]): number =>
  Math.ceil(weights.reduce((n, w) => n + w.data.length * 4, 0) / 3) * 4;

/**
 * The cap every reader holds a JSON model file to (model/modelParse.ts): a model whose weights'
 * base64 would not fit, with room for its diagram, is written as an archive.
 */
export const MAX_JSON_MODEL_CHARS = 50_000_000;
const DIAGRAM_ROOM = 1_000_000;
export const needsArchive = (weights: readonly NamedArray[]): boolean =>
  jsonFormBytes(weights) + DIAGRAM_ROOM > MAX_JSON_MODEL_CHARS;

/** The file's text: compact JSON and a final newline. */
export const modelFileText = (parts: ModelParts): string => `${JSON.stringify(buildModelFile(parts))}\n`;

/**
 * The model file (docs/model-format.md): one JSON holding the document, how it was trained, and
 * its weights as tfjs lays them out in `model.json` — a manifest of named, shaped float32
 * arrays and one base64 string of their bytes, little-endian, one after the other. The
 * optimiser's state travels with the parameters (group "optimizer"), so training resumes
 * exactly. The schema checks form; modelParse.ts checks that the bytes match the manifest.
 */
import { DocumentSchema, OptimiserSettingsSchema, TrainingSettingsSchema } from './document';
import { z } from './zod';

export const MODEL_FORMAT = 'lensboard-model';
export const MODEL_VERSION = 1;

const Finite = z.number().finite();
const Count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A dimension: positive, and small enough that no shape is refused only after allocating. */
const Dim = z
  .number()
  .int()
  .min(1)
  .max(2 ** 28);

export const WeightEntrySchema = z.object({
  name: z.string().min(1).max(200),
  shape: z.array(Dim).max(8),
  dtype: z.literal('float32'),
  group: z.enum(['model', 'optimizer']),
});

export const DatasetRefSchema = z.object({
  id: z.string().min(1).max(64),
  options: z.record(z.string(), z.unknown()),
  featureShape: z.array(Dim).max(8),
  labelShape: z.array(Dim).max(8),
  task: z.enum(['classification', 'regression', 'boolean']),
});

export const HyperParametersSchema = OptimiserSettingsSchema.required({
  momentum: true,
  beta1: true,
  beta2: true,
  epsilon: true,
});

export const TrainingConfigSchema = z.object({
  dataset: DatasetRefSchema,
  loss: TrainingSettingsSchema.shape.loss.unwrap(),
  optimiser: HyperParametersSchema,
  seed: TrainingSettingsSchema.shape.seed.unwrap(),
  batchSize: TrainingSettingsSchema.shape.batchSize.unwrap(),
  testFraction: TrainingSettingsSchema.shape.testFraction.unwrap(),
  epochsDone: Count,
  stepsDone: Count,
});

const SetMetricsSchema = z.object({ loss: Finite, accuracy: Finite.min(0).max(1).nullable() });

export const ModelMetricsSchema = z.object({
  train: SetMetricsSchema.nullable(),
  test: SetMetricsSchema.nullable(),
});

export const ModelFileSchema = z.object({
  format: z.literal(MODEL_FORMAT),
  formatVersion: z.literal(MODEL_VERSION),
  generatedBy: z.string().min(1).max(100),
  createdAt: z.iso.datetime(),
  diagram: DocumentSchema,
  trainingConfig: TrainingConfigSchema,
  metrics: ModelMetricsSchema,
  weightsManifest: z.array(WeightEntrySchema).max(100_000),
  /** Base64 of every weight's float32 values, little-endian, in manifest order. */
  weightData: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'weightData must be base64 (A–Z a–z 0–9 + / and = padding)'),
});

export type WeightEntry = z.infer<typeof WeightEntrySchema>;
export type DatasetRef = z.infer<typeof DatasetRefSchema>;
export type TrainingConfig = z.infer<typeof TrainingConfigSchema>;
export type ModelMetrics = z.infer<typeof ModelMetricsSchema>;
export type ModelFile = z.infer<typeof ModelFileSchema>;

/** A weight with its values: what a trainer gives and takes. */
export interface NamedArray {
  readonly name: string;
  readonly shape: readonly number[];
  readonly group: WeightEntry['group'];
  readonly data: Float32Array;
}

/**
 * The model file (docs/model-format.md): one JSON holding the document, how it was trained, and
 * its weights as tfjs lays them out in `model.json` — a manifest of named, shaped float32
 * arrays and one base64 string of their bytes, little-endian, one after the other. The
 * optimiser's state travels with the parameters (group "optimizer"), so training resumes
 * exactly. The schema checks form; modelParse.ts checks that the bytes match the manifest.
 */
import { PreparationSchema } from '../data/preparation';
import { lazySchema, z } from '../kinds/zod';
import { DocumentSchema, OptimiserSettingsSchema, TrainingSettingsSchema } from './document';

export const MODEL_FORMAT = 'lensboard-model';
/**
 * The major version (`formatVersion`): a reader refuses a newer one. The minor version
 * (`formatMinor`, absent meaning 0) only adds fields a reader of an older minor may ignore
 * (docs/model-format.md, *Versions*).
 */
export const MODEL_VERSION = 1;
export const MODEL_MINOR = 4;

const Finite = lazySchema(() => z.number().finite());
const Count = lazySchema(() => z.number().int().min(0).max(Number.MAX_SAFE_INTEGER));
/** A dimension: positive, and small enough that no shape is refused only after allocating. */
const Dim = lazySchema(() =>
  z
    .number()
    .int()
    .min(1)
    .max(2 ** 28),
);

export const WeightEntrySchema = lazySchema(() =>
  z.object({
    name: z.string().min(1).max(200),
    shape: z.array(Dim).max(8),
    dtype: z.literal('float32'),
    group: z.enum(['model', 'optimizer']),
  }),
);

export const DatasetRefSchema = lazySchema(() =>
  z.object({
    id: z.string().min(1).max(64),
    options: z.record(z.string(), z.unknown()),
    featureShape: z.array(Dim).max(8),
    labelShape: z.array(Dim).max(8),
    task: z.enum(['classification', 'regression', 'boolean']),
    /** How raw rows become the model's input (since 1.3; absent: rows are given prepared). */
    preparation: PreparationSchema.optional(),
  }),
);

export const HyperParametersSchema = lazySchema(() =>
  OptimiserSettingsSchema.required({
    momentum: true,
    beta1: true,
    beta2: true,
    epsilon: true,
  }),
);

export const TrainingConfigSchema = lazySchema(() =>
  z.object({
    dataset: DatasetRefSchema,
    loss: TrainingSettingsSchema.shape.loss.unwrap(),
    optimiser: HyperParametersSchema,
    seed: TrainingSettingsSchema.shape.seed.unwrap(),
    batchSize: TrainingSettingsSchema.shape.batchSize.unwrap(),
    testFraction: TrainingSettingsSchema.shape.testFraction.unwrap(),
    epochsDone: Count,
    stepsDone: Count,
    /**
     * Adam's t, exactly: the steps the optimiser's state has taken (docs/model-format.md, *The
     * step count*). Written with the manifest's `optimizer/t`, which holds it as a float32 for
     * readers of 1.3 and older, and must agree with it.
     */
    optimiserSteps: Count.optional(),
  }),
);

const daysIn = (year: number, month: number) =>
  month === 2
    ? year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)
      ? 29
      : 28
    : [4, 6, 9, 11].includes(month)
      ? 30
      : 31;
const RFC3339 =
  /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])[Tt]([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d+)?([Zz]|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
/** An RFC 3339 date-time with any offset (`Z`, `+00:00`, `-05:30`), a leap second allowed. */
export const DateTimeSchema = lazySchema(() =>
  z
    .string()
    .regex(RFC3339, 'must be an RFC 3339 date-time such as 2026-12-02T03:32:04Z or 2026-12-02T04:32:04+01:00')
    .refine((s) => {
      if (!RFC3339.test(s)) return true; // the regex has said so already
      const [y, m, d] = s.slice(0, 10).split('-').map(Number);
      return d <= daysIn(y, m);
    }, 'names a day its month does not have')
    .meta({ format: 'date-time' }),
);

const SetMetricsSchema = lazySchema(() => z.object({ loss: Finite, accuracy: Finite.min(0).max(1).nullable() }));

export const ModelMetricsSchema = lazySchema(() =>
  z.object({
    train: SetMetricsSchema.nullable(),
    test: SetMetricsSchema.nullable(),
  }),
);

export const TrainedOnSchema = lazySchema(() => z.object({ engine: z.string().min(1).max(64) }));

export const ModelFileSchema = lazySchema(() =>
  z.object({
    format: z.literal(MODEL_FORMAT),
    formatVersion: z.literal(MODEL_VERSION),
    formatMinor: Count.optional(),
    generatedBy: z.string().min(1).max(100),
    createdAt: DateTimeSchema,
    diagram: DocumentSchema,
    trainingConfig: TrainingConfigSchema,
    metrics: ModelMetricsSchema.nullable(),
    /** The engine of the run that wrote the file (`typed-float32`, `tfjs-webgl`, …); since 1.4. */
    trainedOn: TrainedOnSchema.optional(),
    weightsManifest: z.array(WeightEntrySchema).max(100_000),
    /** Base64 of every weight's float32 values, little-endian, in manifest order. */
    weightData: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'weightData must be base64 (A–Z a–z 0–9 + / and = padding)'),
  }),
);

export type WeightEntry = z.infer<typeof WeightEntrySchema>;
export type DatasetRef = z.infer<typeof DatasetRefSchema>;
export type TrainingConfig = z.infer<typeof TrainingConfigSchema>;
export type ModelMetrics = z.infer<typeof ModelMetricsSchema>;
export type TrainedOn = z.infer<typeof TrainedOnSchema>;
export type ModelFile = z.infer<typeof ModelFileSchema>;

/** A weight with its values: what a trainer gives and takes. */
export interface NamedArray {
  readonly name: string;
  readonly shape: readonly number[];
  readonly group: WeightEntry['group'];
  readonly data: Float32Array;
}

/** A weight as another model's parameters are given: by name, shape and values (no group). */
export interface GivenWeight {
  readonly name: string;
  readonly shape: readonly number[];
  readonly data: Float32Array;
}
